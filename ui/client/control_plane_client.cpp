#include "client/control_plane_client.h"

#include "scheduler/apis/config/load.h"

namespace pilothouse::ui {

scheduler::config::KubeSchedulerConfiguration ControlPlaneClient::schedulerConfigurationAt(qint64) const {
    return scheduler::config::defaultConfiguration();
}

}  // namespace pilothouse::ui
