#include "scheduler/plugins/defaultbinder/default_binder.h"

#include "scheduler/plugins/names.h"

namespace pilothouse::scheduler::plugins::defaultbinder {

namespace {

class DefaultBinder final : public framework::BindPlugin {
public:
    explicit DefaultBinder(framework::Handle& handle) : handle_(handle) {}
    std::string name() const override { return names::DefaultBinder; }

    framework::Status bind(framework::CycleState&, const framework::Pod& pod, const std::string& nodeName) override {
        framework::ClusterClient* client = handle_.client();
        if (!client) return framework::Status::error("no API client to bind pods with");
        framework::Status st = client->bind(pod, nodeName);
        if (st.isSuccess() || st.code() == framework::Code::Error) return st;
        return framework::Status::error(st.message());
    }

private:
    framework::Handle& handle_;
};

}  // namespace

StatusOr<std::shared_ptr<framework::Plugin>> New(const codec::Value&, framework::Handle& handle,
                                                 const framework::FeatureGates&) {
    return std::shared_ptr<framework::Plugin>(std::make_shared<DefaultBinder>(handle));
}

}  // namespace pilothouse::scheduler::plugins::defaultbinder
