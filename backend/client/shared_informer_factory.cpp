#include "client/shared_informer_factory.h"

namespace pilothouse::client {

SharedInformerFactory::SharedInformerFactory(apiserver::APIServer& server, std::string token, std::string client)
    : server_(server), token_(std::move(token)), client_(std::move(client)) {}

Informer& SharedInformerFactory::informerFor(const api::ResourceType& type, const ListOptions& options) {
    auto& slot = informers_[{&type, options.namespace_, options.labelSelector, options.fieldSelector}];
    if (!slot) {
        slot = std::make_unique<Informer>(server_, type, token_, options);
        slot->setWatchClient(client_);
    }
    return *slot;
}

}  // namespace pilothouse::client
