#include "apiserver/validation/pod.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/reflection.h>

#include <algorithm>
#include <climits>
#include <map>
#include <set>

#include "api/resource/quantity.h"
#include "apiserver/validation/object_meta.h"
#include "json_options.pb.h"

namespace pilothouse::apiserver::validation {

namespace core = k8s::io::api::core::v1;
using google::protobuf::Message;
using google::protobuf::RepeatedPtrField;

namespace {

using VolumeSet = std::set<std::string>;

constexpr const char* kMirrorPodAnnotation = "kubernetes.io/config.mirror";
constexpr const char* kPodDeletionCost = "controller.kubernetes.io/pod-deletion-cost";
constexpr const char* kSeccompPodAnnotation = "seccomp.security.alpha.kubernetes.io/pod";
constexpr const char* kSeccompContainerPrefix = "container.seccomp.security.alpha.kubernetes.io/";
constexpr const char* kAppArmorPrefix = "container.apparmor.security.beta.kubernetes.io/";
constexpr const char* kFileModeErrorMsg = "must be a number between 0 and 0777 (octal), both inclusive";

std::string goOptPtr(bool has, std::string_view type) {
    return has ? goPointer(type) : "(" + std::string(type) + ")(nil)";
}

std::string goToleration(const core::Toleration& t) {
    return "core.Toleration{Key:" + quote(t.key()) + ", Operator:" + quote(t.operator_()) +
           ", Value:" + quote(t.value()) + ", Effect:" + quote(t.effect()) +
           ", TolerationSeconds:" + goOptPtr(t.has_toleration_seconds(), "*int64") + "}";
}

std::string goSeccompProfile(const core::SeccompProfile& p) {
    return "core.SeccompProfile{Type:" + quote(p.type()) +
           ", LocalhostProfile:" + goOptPtr(p.has_localhost_profile(), "*string") + "}";
}

std::string goSecurityContext(const core::SecurityContext& sc) {
    return "core.SecurityContext{Capabilities:" + goOptPtr(sc.has_capabilities(), "*core.Capabilities") +
           ", Privileged:" + goOptPtr(sc.has_privileged(), "*bool") +
           ", SELinuxOptions:(*core.SELinuxOptions)(nil), WindowsOptions:(*core.WindowsSecurityContextOptions)(nil)" +
           ", RunAsUser:" + goOptPtr(sc.has_run_as_user(), "*int64") +
           ", RunAsGroup:" + goOptPtr(sc.has_run_as_group(), "*int64") +
           ", RunAsNonRoot:" + goOptPtr(sc.has_run_as_non_root(), "*bool") +
           ", ReadOnlyRootFilesystem:" + goOptPtr(sc.has_read_only_root_filesystem(), "*bool") +
           ", AllowPrivilegeEscalation:" + goOptPtr(sc.has_allow_privilege_escalation(), "*bool") +
           ", ProcMount:(*core.ProcMountType)(nil), SeccompProfile:" +
           goOptPtr(sc.has_seccomp_profile(), "*core.SeccompProfile") + "}";
}

// ---------------------------------------------------------------- paths helpers

ErrorList validatePathNoBacksteps(const std::string& target, const std::string& path) {
    size_t start = 0;
    std::string slashed = target;
    std::replace(slashed.begin(), slashed.end(), '\\', '/');
    while (true) {
        const size_t slash = slashed.find('/', start);
        const std::string part = slashed.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (part == "..") return {invalid(path, quote(target), "must not contain '..'")};
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return {};
}

ErrorList validateLocalDescendingPath(const std::string& target, const std::string& path) {
    ErrorList errs;
    if (!target.empty() && target[0] == '/') errs.push_back(invalid(path, quote(target), "must be a relative path"));
    append(errs, validatePathNoBacksteps(target, path));
    return errs;
}

ErrorList validateLocalNonReservedPath(const std::string& target, const std::string& path) {
    ErrorList errs = validateLocalDescendingPath(target, path);
    if (target.rfind("..", 0) == 0 && target.rfind("../", 0) != 0)
        errs.push_back(invalid(path, quote(target), "must not start with '..'"));
    return errs;
}

ErrorList validateFileMode(bool has, int32_t mode, const std::string& path) {
    if (has && (mode > 0777 || mode < 0)) return {invalid(path, goInt(mode), kFileModeErrorMsg)};
    return {};
}

// ---------------------------------------------------------------- downward API

const std::set<std::string> kVolumeDownwardFieldPaths = {"metadata.name", "metadata.namespace", "metadata.labels",
                                                         "metadata.annotations", "metadata.uid"};
const std::set<std::string> kEnvDownwardFieldPaths = {"metadata.name",   "metadata.namespace",
                                                      "metadata.uid",    "spec.nodeName",
                                                      "spec.serviceAccountName", "status.hostIP",
                                                      "status.podIP",    "status.podIPs"};
const std::set<std::string> kResourceFieldPaths = {"limits.cpu",   "limits.memory",   "limits.ephemeral-storage",
                                                   "requests.cpu", "requests.memory", "requests.ephemeral-storage"};

std::vector<std::string> setList(const std::set<std::string>& s) { return {s.begin(), s.end()}; }

bool splitSubscripted(const std::string& fieldPath, std::string* path, std::string* subscript) {
    if (fieldPath.size() < 2 || fieldPath.compare(fieldPath.size() - 2, 2, "']") != 0) return false;
    const std::string s = fieldPath.substr(0, fieldPath.size() - 2);
    const size_t open = s.find("['");
    if (open == std::string::npos || open == 0) return false;
    *path = s.substr(0, open);
    *subscript = s.substr(open + 2);
    return true;
}

ErrorList validateObjectFieldSelector(const core::ObjectFieldSelector& fs,
                                      const std::set<std::string>& expressions, const std::string& path) {
    ErrorList errs;
    if (fs.api_version().empty()) return {required(child(path, "apiVersion"), "")};
    if (fs.field_path().empty()) return {required(child(path, "fieldPath"), "")};
    // ConvertDownwardAPIFieldLabel
    std::string internal = fs.field_path();
    std::string sp, sub;
    std::string convErr;
    if (fs.api_version() != "v1") {
        convErr = "unsupported pod version: " + fs.api_version();
    } else if (splitSubscripted(fs.field_path(), &sp, &sub)) {
        if (sp != "metadata.annotations" && sp != "metadata.labels")
            convErr = "field label does not support subscript: " + fs.field_path();
    } else {
        static const std::set<std::string> supported = {
            "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid",
            "spec.nodeName", "spec.restartPolicy", "spec.serviceAccountName", "spec.schedulerName",
            "status.phase", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"};
        if (fs.field_path() == "spec.host") internal = "spec.nodeName";
        else if (!supported.count(fs.field_path())) convErr = "field label not supported: " + fs.field_path();
    }
    if (!convErr.empty())
        return {invalid(child(path, "fieldPath"), quote(fs.field_path()), "error converting fieldPath: " + convErr)};
    if (splitSubscripted(internal, &sp, &sub)) {
        if (sp == "metadata.annotations") {
            std::string lower = sub;
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
            append(errs, validateQualifiedName(lower, path));
        } else if (sp == "metadata.labels") {
            append(errs, validateQualifiedName(sub, path));
        } else {
            errs.push_back(invalid(path, quote(sp), "does not support subscript"));
        }
    } else if (!expressions.count(internal)) {
        errs.push_back(notSupported(child(path, "fieldPath"), quote(internal), setList(expressions)));
    }
    return errs;
}

ErrorList validateContainerResourceDivisor(const std::string& rName, const core::ResourceFieldSelector& fs,
                                           const std::string& path) {
    if (!fs.has_divisor()) return {};
    auto q = resource::Quantity::parse(fs.divisor());
    if (!q.isOk() || q->isZero()) return {};
    const std::string d = q->toString();
    static const std::set<std::string> cpu = {"1m", "1"};
    static const std::set<std::string> mem = {"1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"};
    ErrorList errs;
    if (rName == "limits.cpu" || rName == "requests.cpu") {
        if (!cpu.count(d))
            errs.push_back(invalid(child(path, "divisor"), quote(rName),
                                   "only divisor's values 1m and 1 are supported with the cpu resource"));
    } else if (rName == "limits.memory" || rName == "requests.memory") {
        if (!mem.count(d))
            errs.push_back(invalid(child(path, "divisor"), quote(rName),
                                   "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource"));
    } else if (rName == "limits.ephemeral-storage" || rName == "requests.ephemeral-storage") {
        if (!mem.count(d))
            errs.push_back(invalid(child(path, "divisor"), quote(rName),
                                   "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource"));
    }
    if (rName.rfind("requests.hugepages-", 0) == 0 || rName.rfind("limits.hugepages-", 0) == 0) {
        if (!mem.count(d))
            errs.push_back(invalid(child(path, "divisor"), quote(rName),
                                   "only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource"));
    }
    return errs;
}

ErrorList validateContainerResourceFieldSelector(const core::ResourceFieldSelector& fs, const std::string& path,
                                                 bool volume) {
    ErrorList errs;
    if (volume && fs.container_name().empty()) {
        errs.push_back(required(child(path, "containerName"), ""));
    } else if (fs.resource().empty()) {
        errs.push_back(required(child(path, "resource"), ""));
    } else if (!kResourceFieldPaths.count(fs.resource())) {
        const bool prefixed = fs.resource().rfind("requests.hugepages-", 0) == 0 ||
                              fs.resource().rfind("limits.hugepages-", 0) == 0;
        if (!prefixed)
            errs.push_back(notSupported(child(path, "resource"), quote(fs.resource()), setList(kResourceFieldPaths)));
    }
    append(errs, validateContainerResourceDivisor(fs.resource(), fs, path));
    return errs;
}

ErrorList validateDownwardAPIVolumeFile(const core::DownwardAPIVolumeFile& file, const std::string& path) {
    ErrorList errs;
    if (file.path().empty()) errs.push_back(required(child(path, "path"), ""));
    append(errs, validateLocalNonReservedPath(file.path(), child(path, "path")));
    if (file.has_field_ref()) {
        append(errs, validateObjectFieldSelector(file.field_ref(), kVolumeDownwardFieldPaths, child(path, "fieldRef")));
        if (file.has_resource_field_ref())
            errs.push_back(invalid(path, quote("resource"), "fieldRef and resourceFieldRef can not be specified simultaneously"));
    } else if (file.has_resource_field_ref()) {
        append(errs, validateContainerResourceFieldSelector(file.resource_field_ref(), child(path, "resourceFieldRef"), true));
    } else {
        errs.push_back(required(path, "one of fieldRef and resourceFieldRef is required"));
    }
    append(errs, validateFileMode(file.has_mode(), file.mode(), child(path, "mode")));
    return errs;
}

ErrorList validateKeyToPath(const core::KeyToPath& kp, const std::string& path) {
    ErrorList errs;
    if (kp.key().empty()) errs.push_back(required(child(path, "key"), ""));
    if (kp.path().empty()) errs.push_back(required(child(path, "path"), ""));
    append(errs, validateLocalNonReservedPath(kp.path(), child(path, "path")));
    append(errs, validateFileMode(kp.has_mode(), kp.mode(), child(path, "mode")));
    return errs;
}

// ---------------------------------------------------------------- volumes

ErrorList validateVolumeSource(const core::Volume& v, const std::string& path) {
    ErrorList errs;
    int numVolumes = 0;
    auto more = [&](const char* name) {
        errs.push_back(forbidden(child(path, name), "may not specify more than 1 volume type"));
    };
    if (v.has_empty_dir()) {
        ++numVolumes;
        if (v.empty_dir().has_size_limit()) {
            auto q = resource::Quantity::parse(v.empty_dir().size_limit());
            if (q.isOk() && q->sign() < 0)
                errs.push_back(forbidden(child(child(path, "emptyDir"), "sizeLimit"),
                                         "SizeLimit field must be a valid resource quantity"));
        }
    }
    if (v.has_host_path()) {
        if (numVolumes > 0) {
            more("hostPath");
        } else {
            ++numVolumes;
            const std::string p = child(path, "hostPath");
            const auto& hp = v.host_path();
            if (hp.path().empty()) {
                errs.push_back(required(child(p, "path"), ""));
            } else {
                append(errs, validatePathNoBacksteps(hp.path(), child(p, "path")));
                static const std::vector<std::string> types = {"",     "BlockDevice", "CharDevice", "Directory",
                                                               "DirectoryOrCreate", "File", "FileOrCreate", "Socket"};
                if (hp.has_type() && std::find(types.begin(), types.end(), hp.type()) == types.end())
                    errs.push_back(notSupported(child(p, "type"), quote(hp.type()), types));
            }
        }
    }
    if (v.has_secret()) {
        if (numVolumes > 0) {
            more("secret");
        } else {
            ++numVolumes;
            const std::string p = child(path, "secret");
            const auto& s = v.secret();
            if (s.secret_name().empty()) errs.push_back(required(child(p, "secretName"), ""));
            append(errs, validateFileMode(s.has_default_mode(), s.default_mode(), child(p, "defaultMode")));
            for (int i = 0; i < s.items_size(); ++i) append(errs, validateKeyToPath(s.items(i), index(child(p, "items"), i)));
        }
    }
    if (v.has_persistent_volume_claim()) {
        if (numVolumes > 0) {
            more("persistentVolumeClaim");
        } else {
            ++numVolumes;
            if (v.persistent_volume_claim().claim_name().empty())
                errs.push_back(required(child(child(path, "persistentVolumeClaim"), "claimName"), ""));
        }
    }
    if (v.has_downward_api()) {
        if (numVolumes > 0) {
            more("downwarAPI");  // sic: upstream's path text
        } else {
            ++numVolumes;
            const std::string p = child(path, "downwardAPI");
            const auto& d = v.downward_api();
            append(errs, validateFileMode(d.has_default_mode(), d.default_mode(), child(p, "defaultMode")));
            for (const auto& f : d.items()) append(errs, validateDownwardAPIVolumeFile(f, p));
        }
    }
    if (v.has_config_map()) {
        if (numVolumes > 0) {
            more("configMap");
        } else {
            ++numVolumes;
            const std::string p = child(path, "configMap");
            const auto& c = v.config_map();
            if (c.name().empty()) errs.push_back(required(child(p, "name"), ""));
            append(errs, validateFileMode(c.has_default_mode(), c.default_mode(), child(p, "defaultMode")));
            for (int i = 0; i < c.items_size(); ++i) append(errs, validateKeyToPath(c.items(i), index(child(p, "items"), i)));
        }
    }
    if (v.has_projected()) {
        if (numVolumes > 0) {
            more("projected");
        } else {
            ++numVolumes;
            const std::string p = child(path, "projected");
            const auto& pr = v.projected();
            append(errs, validateFileMode(pr.has_default_mode(), pr.default_mode(), child(p, "defaultMode")));
            std::set<std::string> allPaths;
            for (int i = 0; i < pr.sources_size(); ++i) {
                const auto& src = pr.sources(i);
                const std::string srcPath = index(child(p, "sources"), i);
                int numSources = 0;
                if (src.has_secret()) {
                    ++numSources;
                    const std::string pp = child(srcPath, "secret");
                    if (src.secret().name().empty()) errs.push_back(required(child(pp, "name"), ""));
                    for (int k = 0; k < src.secret().items_size(); ++k) {
                        const auto& kp = src.secret().items(k);
                        append(errs, validateKeyToPath(kp, index(child(pp, "items"), k)));
                        if (!kp.path().empty() && !allPaths.insert(kp.path()).second)
                            errs.push_back(invalid(p, quote(src.secret().name()), "conflicting duplicate paths"));
                    }
                }
                if (src.has_config_map()) {
                    ++numSources;
                    const std::string pp = child(srcPath, "configMap");
                    if (src.config_map().name().empty()) errs.push_back(required(child(pp, "name"), ""));
                    for (int k = 0; k < src.config_map().items_size(); ++k) {
                        const auto& kp = src.config_map().items(k);
                        append(errs, validateKeyToPath(kp, index(child(pp, "items"), k)));
                        if (!kp.path().empty() && !allPaths.insert(kp.path()).second)
                            errs.push_back(invalid(p, quote(src.config_map().name()), "conflicting duplicate paths"));
                    }
                }
                if (src.has_downward_api()) {
                    ++numSources;
                    const std::string pp = child(srcPath, "downwardAPI");
                    for (const auto& f : src.downward_api().items()) {
                        append(errs, validateDownwardAPIVolumeFile(f, pp));
                        if (!f.path().empty() && !allPaths.insert(f.path()).second)
                            errs.push_back(invalid(p, quote(f.path()), "conflicting duplicate paths"));
                    }
                }
                if (src.has_service_account_token()) {
                    ++numSources;
                    const std::string pp = child(srcPath, "serviceAccountToken");
                    const auto& t = src.service_account_token();
                    const int64_t exp = t.has_expiration_seconds() ? t.expiration_seconds() : 3600;
                    if (exp < 600)
                        errs.push_back(invalid(child(pp, "expirationSeconds"), goInt(exp), "may not specify a duration less than 10 minutes"));
                    if (exp > (int64_t{1} << 32))
                        errs.push_back(invalid(child(pp, "expirationSeconds"), goInt(exp), "may not specify a duration larger than 2^32 seconds"));
                    if (t.path().empty()) errs.push_back(required(child(p, "path"), ""));
                }
                if (numSources > 1) errs.push_back(forbidden(srcPath, "may not specify more than 1 volume type"));
            }
        }
    }
    if (numVolumes == 0) errs.push_back(required(path, "must specify a volume type"));
    return errs;
}

ErrorList validateVolumes(const RepeatedPtrField<core::Volume>& volumes, const std::string& path, VolumeSet* valid) {
    ErrorList errs;
    std::set<std::string> names;
    for (int i = 0; i < volumes.size(); ++i) {
        const auto& v = volumes.Get(i);
        const std::string idx = index(path, i);
        const std::string namePath = child(idx, "name");
        ErrorList el = validateVolumeSource(v, idx);
        if (v.name().empty()) el.push_back(required(namePath, ""));
        else append(el, validateDNS1123Label(v.name(), namePath));
        if (names.count(v.name())) el.push_back(duplicate(namePath, quote(v.name())));
        if (el.empty()) {
            names.insert(v.name());
            valid->insert(v.name());
        } else {
            append(errs, el);
        }
    }
    return errs;
}

// ---------------------------------------------------------------- containers

ErrorList validateContainerPorts(const RepeatedPtrField<core::ContainerPort>& ports, const std::string& path) {
    ErrorList errs;
    std::set<std::string> names;
    for (int i = 0; i < ports.size(); ++i) {
        const auto& port = ports.Get(i);
        const std::string idx = index(path, i);
        if (!port.name().empty()) {
            const auto msgs = isValidPortName(port.name());
            if (!msgs.empty()) {
                for (const auto& m : msgs) errs.push_back(invalid(child(idx, "name"), quote(port.name()), m));
            } else if (names.count(port.name())) {
                errs.push_back(duplicate(child(idx, "name"), quote(port.name())));
            } else {
                names.insert(port.name());
            }
        }
        if (port.container_port() == 0) {
            errs.push_back(required(child(idx, "containerPort"), ""));
        } else {
            for (const auto& m : isValidPortNum(port.container_port()))
                errs.push_back(invalid(child(idx, "containerPort"), goInt(port.container_port()), m));
        }
        if (port.host_port() != 0)
            for (const auto& m : isValidPortNum(port.host_port()))
                errs.push_back(invalid(child(idx, "hostPort"), goInt(port.host_port()), m));
        if (port.protocol().empty()) {
            errs.push_back(required(child(idx, "protocol"), ""));
        } else if (port.protocol() != "TCP" && port.protocol() != "UDP" && port.protocol() != "SCTP") {
            errs.push_back(notSupported(child(idx, "protocol"), quote(port.protocol()), {"SCTP", "TCP", "UDP"}));
        }
    }
    return errs;
}

ErrorList validateNameRef(const std::string& name, const std::string& path) {
    ErrorList errs;
    for (const auto& m : nameIsDNSSubdomain(name, false)) errs.push_back(invalid(path, quote(name), m));
    return errs;
}

ErrorList validateEnv(const RepeatedPtrField<core::EnvVar>& vars, const std::string& path) {
    ErrorList errs;
    for (int i = 0; i < vars.size(); ++i) {
        const auto& ev = vars.Get(i);
        const std::string idx = index(path, i);
        if (ev.name().empty()) {
            errs.push_back(required(child(idx, "name"), ""));
        } else {
            for (const auto& m : isEnvVarName(ev.name())) errs.push_back(invalid(child(idx, "name"), quote(ev.name()), m));
        }
        if (!ev.has_value_from()) continue;
        const std::string vf = child(idx, "valueFrom");
        const auto& from = ev.value_from();
        int numSources = 0;
        if (from.has_field_ref()) {
            ++numSources;
            append(errs, validateObjectFieldSelector(from.field_ref(), kEnvDownwardFieldPaths, child(vf, "fieldRef")));
        }
        if (from.has_resource_field_ref()) {
            ++numSources;
            append(errs, validateContainerResourceFieldSelector(from.resource_field_ref(), child(vf, "resourceFieldRef"), false));
        }
        if (from.has_config_map_key_ref()) {
            ++numSources;
            const std::string p = child(vf, "configMapKeyRef");
            const auto& s = from.config_map_key_ref();
            append(errs, validateNameRef(s.name(), child(p, "name")));
            if (s.key().empty()) errs.push_back(required(child(p, "key"), ""));
            else for (const auto& m : isConfigMapKey(s.key())) errs.push_back(invalid(child(p, "key"), quote(s.key()), m));
        }
        if (from.has_secret_key_ref()) {
            ++numSources;
            const std::string p = child(vf, "secretKeyRef");
            const auto& s = from.secret_key_ref();
            append(errs, validateNameRef(s.name(), child(p, "name")));
            if (s.key().empty()) errs.push_back(required(child(p, "key"), ""));
            else for (const auto& m : isConfigMapKey(s.key())) errs.push_back(invalid(child(p, "key"), quote(s.key()), m));
        }
        if (numSources == 0) {
            errs.push_back(invalid(vf, "\"\"", "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"));
        } else if (!ev.value().empty()) {
            errs.push_back(invalid(vf, "\"\"", "may not be specified when `value` is not empty"));
        } else if (numSources > 1) {
            errs.push_back(invalid(vf, "\"\"", "may not have more than one field specified at a time"));
        }
    }
    return errs;
}

ErrorList validateEnvFrom(const RepeatedPtrField<core::EnvFromSource>& vars, const std::string& path) {
    ErrorList errs;
    for (int i = 0; i < vars.size(); ++i) {
        const auto& ev = vars.Get(i);
        const std::string idx = index(path, i);
        if (!ev.prefix().empty())
            for (const auto& m : isEnvVarName(ev.prefix())) errs.push_back(invalid(child(idx, "prefix"), quote(ev.prefix()), m));
        int numSources = 0;
        if (ev.has_config_map_ref()) {
            ++numSources;
            const std::string p = child(child(idx, "configMapRef"), "name");
            if (ev.config_map_ref().name().empty()) errs.push_back(required(p, ""));
            else for (const auto& m : nameIsDNSSubdomain(ev.config_map_ref().name(), true))
                errs.push_back(invalid(p, quote(ev.config_map_ref().name()), m));
        }
        if (ev.has_secret_ref()) {
            ++numSources;
            const std::string p = child(child(idx, "secretRef"), "name");
            if (ev.secret_ref().name().empty()) errs.push_back(required(p, ""));
            else for (const auto& m : nameIsDNSSubdomain(ev.secret_ref().name(), true))
                errs.push_back(invalid(p, quote(ev.secret_ref().name()), m));
        }
        if (numSources == 0)
            errs.push_back(invalid(path, "\"\"", "must specify one of: `configMapRef` or `secretRef`"));
        else if (numSources > 1)
            errs.push_back(invalid(path, "\"\"", "may not have more than one field specified at a time"));
    }
    return errs;
}

ErrorList validateVolumeMounts(const core::Container& ctr, const VolumeSet& volumes, const std::string& path) {
    ErrorList errs;
    std::set<std::string> mountpoints;
    for (int i = 0; i < ctr.volume_mounts_size(); ++i) {
        const auto& mnt = ctr.volume_mounts(i);
        const std::string idx = index(path, i);
        if (mnt.name().empty()) errs.push_back(required(child(idx, "name"), ""));
        if (!volumes.count(mnt.name())) errs.push_back(notFound(child(idx, "name"), quote(mnt.name())));
        if (mnt.mount_path().empty()) errs.push_back(required(child(idx, "mountPath"), ""));
        if (mountpoints.count(mnt.mount_path()))
            errs.push_back(invalid(child(idx, "mountPath"), quote(mnt.mount_path()), "must be unique"));
        mountpoints.insert(mnt.mount_path());
        if (!mnt.sub_path().empty()) append(errs, validateLocalDescendingPath(mnt.sub_path(), child(path, "subPath")));
        if (!mnt.sub_path_expr().empty()) {
            if (!mnt.sub_path().empty())
                errs.push_back(invalid(child(idx, "subPathExpr"), quote(mnt.sub_path_expr()),
                                       "subPathExpr and subPath are mutually exclusive"));
            append(errs, validateLocalDescendingPath(mnt.sub_path_expr(), child(path, "subPathExpr")));
        }
        if (mnt.has_mount_propagation()) {
            const std::string p = child(path, "mountPropagation");
            const std::string& mp = mnt.mount_propagation();
            if (mp != "Bidirectional" && mp != "HostToContainer" && mp != "None")
                errs.push_back(notSupported(p, quote(mp), {"Bidirectional", "HostToContainer", "None"}));
            const bool privileged = ctr.security_context().has_privileged() && ctr.security_context().privileged();
            if (mp == "Bidirectional" && !privileged)
                errs.push_back(forbidden(p, "Bidirectional mount propagation is available only to privileged containers"));
        }
    }
    return errs;
}

std::optional<resource::Quantity> parseQ(const std::string& s) {
    auto q = resource::Quantity::parse(s);
    if (!q.isOk()) return std::nullopt;
    return *q;
}

// IsHugePageResourceValueDivisible
bool hugePageDivisible(const std::string& name, const resource::Quantity& q) {
    auto size = resource::Quantity::parse(std::string_view(name).substr(10));
    if (!size.isOk()) return false;
    if (size->sign() <= 0 || size->milliValue() % 1000 != 0) return false;
    const int64_t page = size->value();
    return page != 0 && q.value() % page == 0;
}

ErrorList validateSeccompProfileField(const core::SeccompProfile& sp, const std::string& path) {
    ErrorList errs;
    const std::string& t = sp.type();
    if (t.empty()) {
        errs.push_back(required(child(path, "type"), "type is required when seccompProfile is set"));
    } else if (t != "Localhost" && t != "RuntimeDefault" && t != "Unconfined") {
        errs.push_back(notSupported(child(path, "type"), quote(t), {"Localhost", "RuntimeDefault", "Unconfined"}));
    }
    if (t == "Localhost") {
        if (!sp.has_localhost_profile())
            errs.push_back(required(child(path, "localhostProfile"), "must be set when seccomp type is Localhost"));
        else
            append(errs, validateLocalDescendingPath(sp.localhost_profile(), child(path, "localhostProfile")));
    } else if (sp.has_localhost_profile()) {
        errs.push_back(invalid(child(path, "localhostProfile"), goSeccompProfile(sp),
                               "can only be set when seccomp type is Localhost"));
    }
    return errs;
}

ErrorList validateSecurityContext(const core::Container& ctr, const std::string& path) {
    ErrorList errs;
    if (!ctr.has_security_context()) return errs;
    const auto& sc = ctr.security_context();
    if (sc.has_run_as_user())
        for (const auto& m : isValidUserID(sc.run_as_user())) errs.push_back(invalid(child(path, "runAsUser"), goInt(sc.run_as_user()), m));
    if (sc.has_run_as_group())
        for (const auto& m : isValidGroupID(sc.run_as_group())) errs.push_back(invalid(child(path, "runAsGroup"), goInt(sc.run_as_group()), m));
    if (sc.has_seccomp_profile()) append(errs, validateSeccompProfileField(sc.seccomp_profile(), child(path, "seccompProfile")));
    if (sc.has_allow_privilege_escalation() && !sc.allow_privilege_escalation()) {
        if (sc.has_privileged() && sc.privileged())
            errs.push_back(invalid(path, goSecurityContext(sc), "cannot set `allowPrivilegeEscalation` to false and `privileged` to true"));
        for (const auto& cap : sc.capabilities().add())
            if (cap == "CAP_SYS_ADMIN")
                errs.push_back(invalid(path, goSecurityContext(sc),
                                       "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"));
    }
    return errs;
}

ErrorList validateContainerCommon(const core::Container& ctr, const VolumeSet& volumes, const std::string& path,
                                  const PodValidationOptions& opts) {
    ErrorList errs;
    const std::string namePath = child(path, "name");
    if (ctr.name().empty()) errs.push_back(required(namePath, ""));
    else append(errs, validateDNS1123Label(ctr.name(), namePath));
    if (ctr.image().empty()) errs.push_back(required(child(path, "image"), ""));
    const std::string& tmp = ctr.termination_message_policy();
    if (tmp.empty()) errs.push_back(required(child(path, "terminationMessagePolicy"), ""));
    else if (tmp != "File" && tmp != "FallbackToLogsOnError")
        errs.push_back(notSupported(child(path, "terminationMessagePolicy"), quote(tmp), {"File", "FallbackToLogsOnError"}));
    append(errs, validateContainerPorts(ctr.ports(), child(path, "ports")));
    append(errs, validateEnv(ctr.env(), child(path, "env")));
    append(errs, validateEnvFrom(ctr.env_from(), child(path, "envFrom")));
    append(errs, validateVolumeMounts(ctr, volumes, child(path, "volumeMounts")));
    const std::string& pull = ctr.image_pull_policy();
    if (pull.empty()) errs.push_back(required(child(path, "imagePullPolicy"), ""));
    else if (pull != "Always" && pull != "IfNotPresent" && pull != "Never")
        errs.push_back(notSupported(child(path, "imagePullPolicy"), quote(pull), {"Always", "IfNotPresent", "Never"}));
    append(errs, validateResourceRequirements(ctr.resources(), child(path, "resources"), opts));
    append(errs, validateSecurityContext(ctr, child(path, "securityContext")));
    return errs;
}

ErrorList validateHandlerCommon(const core::ExecAction* exec, const core::HTTPGetAction* http,
                                const core::TCPSocketAction* tcp, const core::GRPCAction* grpc,
                                const std::string& path) {
    ErrorList errs;
    int num = 0;
    if (exec) {
        ++num;
        if (exec->command().empty()) errs.push_back(required(child(child(path, "exec"), "command"), ""));
    }
    if (http) {
        if (num > 0) {
            errs.push_back(forbidden(child(path, "httpGet"), "may not specify more than 1 handler type"));
        } else {
            ++num;
            const std::string p = child(path, "httpGet");
            if (http->path().empty()) errs.push_back(required(child(p, "path"), ""));
            append(errs, validatePortNumOrName(http->port(), child(p, "port")));
            if (http->scheme() != "HTTP" && http->scheme() != "HTTPS")
                errs.push_back(notSupported(child(p, "scheme"), quote(http->scheme()), {"HTTP", "HTTPS"}));
            for (const auto& h : http->http_headers())
                for (const auto& m : isHTTPHeaderName(h.name()))
                    errs.push_back(invalid(child(p, "httpHeaders"), quote(h.name()), m));
        }
    }
    if (tcp) {
        if (num > 0) {
            errs.push_back(forbidden(child(path, "tcpSocket"), "may not specify more than 1 handler type"));
        } else {
            ++num;
            append(errs, validatePortNumOrName(tcp->port(), child(child(path, "tcpSocket"), "port")));
        }
    }
    if (grpc) {
        if (num > 0) {
            errs.push_back(forbidden(child(path, "grpc"), "may not specify more than 1 handler type"));
        } else {
            ++num;
            for (const auto& m : isValidPortNum(grpc->port()))
                errs.push_back(invalid(child(child(path, "grpc"), "port"), goInt(grpc->port()), m));
        }
    }
    if (num == 0) errs.push_back(required(path, "must specify a handler type"));
    return errs;
}

ErrorList validateProbe(const core::Probe& p, const std::string& path) {
    ErrorList errs = validateHandlerCommon(p.has_exec() ? &p.exec() : nullptr, p.has_http_get() ? &p.http_get() : nullptr,
                                           p.has_tcp_socket() ? &p.tcp_socket() : nullptr, p.has_grpc() ? &p.grpc() : nullptr,
                                           path);
    append(errs, validateNonnegativeField(p.initial_delay_seconds(), child(path, "initialDelaySeconds")));
    append(errs, validateNonnegativeField(p.timeout_seconds(), child(path, "timeoutSeconds")));
    append(errs, validateNonnegativeField(p.period_seconds(), child(path, "periodSeconds")));
    append(errs, validateNonnegativeField(p.success_threshold(), child(path, "successThreshold")));
    append(errs, validateNonnegativeField(p.failure_threshold(), child(path, "failureThreshold")));
    if (p.has_termination_grace_period_seconds() && p.termination_grace_period_seconds() <= 0)
        errs.push_back(invalid(child(path, "terminationGracePeriodSeconds"), goInt(p.termination_grace_period_seconds()),
                               "must be greater than 0"));
    return errs;
}

ErrorList validateLifecycleHandler(const core::LifecycleHandler& h, const std::string& path) {
    return validateHandlerCommon(h.has_exec() ? &h.exec() : nullptr, h.has_http_get() ? &h.http_get() : nullptr,
                                 h.has_tcp_socket() ? &h.tcp_socket() : nullptr, nullptr, path);
}

ErrorList accumulateHostPorts(const RepeatedPtrField<core::Container>& containers, int only,
                              const std::string& path, std::set<std::string>* seen) {
    ErrorList errs;
    for (int ci = 0; ci < containers.size(); ++ci) {
        if (only >= 0 && ci != only) continue;
        const auto& ctr = containers.Get(ci);
        // AccumulateUniqueHostPorts indexes the single-container slice from 0.
        const std::string portsPath = child(index(path, only >= 0 ? 0 : ci), "ports");
        for (int pi = 0; pi < ctr.ports_size(); ++pi) {
            const auto& p = ctr.ports(pi);
            if (p.host_port() == 0) continue;
            const std::string str = p.protocol() + "/" + p.host_ip() + "/" + std::to_string(p.host_port());
            if (!seen->insert(str).second) errs.push_back(duplicate(child(index(portsPath, pi), "hostPort"), quote(str)));
        }
    }
    return errs;
}

ErrorList validateContainers(const RepeatedPtrField<core::Container>& containers, const VolumeSet& volumes,
                             const std::string& path, const PodValidationOptions& opts) {
    ErrorList errs;
    if (containers.empty()) return {required(path, "")};
    std::set<std::string> names;
    for (int i = 0; i < containers.size(); ++i) {
        const auto& ctr = containers.Get(i);
        const std::string p = index(path, i);
        append(errs, validateContainerCommon(ctr, volumes, p, opts));
        if (names.count(ctr.name())) errs.push_back(duplicate(child(p, "name"), quote(ctr.name())));
        else names.insert(ctr.name());
        if (ctr.has_lifecycle()) {
            if (ctr.lifecycle().has_post_start())
                append(errs, validateLifecycleHandler(ctr.lifecycle().post_start(), child(child(p, "lifecycle"), "postStart")));
            if (ctr.lifecycle().has_pre_stop())
                append(errs, validateLifecycleHandler(ctr.lifecycle().pre_stop(), child(child(p, "lifecycle"), "preStop")));
        }
        if (ctr.has_liveness_probe()) {
            append(errs, validateProbe(ctr.liveness_probe(), child(p, "livenessProbe")));
            if (ctr.liveness_probe().success_threshold() != 1)
                errs.push_back(invalid(child(child(p, "livenessProbe"), "successThreshold"),
                                       goInt(ctr.liveness_probe().success_threshold()), "must be 1"));
        }
        if (ctr.has_readiness_probe()) {
            append(errs, validateProbe(ctr.readiness_probe(), child(p, "readinessProbe")));
            if (ctr.readiness_probe().has_termination_grace_period_seconds())
                errs.push_back(invalid(child(child(p, "readinessProbe"), "terminationGracePeriodSeconds"),
                                       goInt(ctr.readiness_probe().termination_grace_period_seconds()),
                                       "must not be set for readinessProbes"));
        }
        if (ctr.has_startup_probe()) {
            append(errs, validateProbe(ctr.startup_probe(), child(p, "startupProbe")));
            if (ctr.startup_probe().success_threshold() != 1)
                errs.push_back(invalid(child(child(p, "startupProbe"), "successThreshold"),
                                       goInt(ctr.startup_probe().success_threshold()), "must be 1"));
        }
    }
    std::set<std::string> seen;
    append(errs, accumulateHostPorts(containers, -1, path, &seen));
    return errs;
}

ErrorList validateInitContainers(const RepeatedPtrField<core::Container>& inits,
                                 const RepeatedPtrField<core::Container>& regular, const VolumeSet& volumes,
                                 const std::string& path, const PodValidationOptions& opts) {
    ErrorList errs;
    std::set<std::string> names;
    for (const auto& c : regular) names.insert(c.name());
    for (int i = 0; i < inits.size(); ++i) {
        const auto& ctr = inits.Get(i);
        const std::string p = index(path, i);
        append(errs, validateContainerCommon(ctr, volumes, p, opts));
        if (names.count(ctr.name())) errs.push_back(duplicate(child(p, "name"), quote(ctr.name())));
        else if (!ctr.name().empty()) names.insert(ctr.name());
        std::set<std::string> seen;
        append(errs, accumulateHostPorts(inits, i, path, &seen));
        if (ctr.has_lifecycle()) errs.push_back(forbidden(child(p, "lifecycle"), "may not be set for init containers"));
        if (ctr.has_liveness_probe()) errs.push_back(forbidden(child(p, "livenessProbe"), "may not be set for init containers"));
        if (ctr.has_readiness_probe()) errs.push_back(forbidden(child(p, "readinessProbe"), "may not be set for init containers"));
        if (ctr.has_startup_probe()) errs.push_back(forbidden(child(p, "startupProbe"), "may not be set for init containers"));
    }
    return errs;
}

// ---------------------------------------------------------------- scheduling constraints

ErrorList validateNodeSelectorRequirement(const core::NodeSelectorRequirement& rq, const std::string& path) {
    ErrorList errs;
    const std::string& op = rq.operator_();
    if (op == "In" || op == "NotIn") {
        if (rq.values().empty())
            errs.push_back(required(child(path, "values"), "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (op == "Exists" || op == "DoesNotExist") {
        if (!rq.values().empty())
            errs.push_back(forbidden(child(path, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else if (op == "Gt" || op == "Lt") {
        if (rq.values_size() != 1)
            errs.push_back(required(child(path, "values"), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
    } else {
        errs.push_back(invalid(child(path, "operator"), quote(op), "not a valid selector operator"));
    }
    append(errs, validateLabelName(rq.key(), child(path, "key")));
    return errs;
}

ErrorList validateNodeFieldSelectorRequirement(const core::NodeSelectorRequirement& rq, const std::string& path) {
    ErrorList errs;
    const std::string& op = rq.operator_();
    if (op == "In" || op == "NotIn") {
        if (rq.values_size() != 1)
            errs.push_back(required(child(path, "values"),
                                    "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    } else {
        errs.push_back(invalid(child(path, "operator"), quote(op), "not a valid selector operator"));
    }
    if (rq.key() != "metadata.name") {
        errs.push_back(invalid(child(path, "key"), quote(rq.key()), "not a valid field selector key"));
    } else {
        for (int i = 0; i < rq.values_size(); ++i)
            for (const auto& m : nameIsDNSSubdomain(rq.values(i), false))
                errs.push_back(invalid(index(child(path, "values"), i), quote(rq.values(i)), m));
    }
    return errs;
}

ErrorList validateNodeSelectorTerm(const core::NodeSelectorTerm& term, const std::string& path) {
    ErrorList errs;
    for (int j = 0; j < term.match_expressions_size(); ++j)
        append(errs, validateNodeSelectorRequirement(term.match_expressions(j), index(child(path, "matchExpressions"), j)));
    for (int j = 0; j < term.match_fields_size(); ++j)
        append(errs, validateNodeFieldSelectorRequirement(term.match_fields(j), index(child(path, "matchFields"), j)));
    return errs;
}

ErrorList validatePodAffinityTerm(const core::PodAffinityTerm& term, const std::string& path) {
    ErrorList errs;
    if (term.has_label_selector()) append(errs, validateLabelSelector(&term.label_selector(), child(path, "labelSelector")));
    if (term.has_namespace_selector())
        append(errs, validateLabelSelector(&term.namespace_selector(), child(path, "namespaceSelector")));
    for (const auto& ns : term.namespaces())
        for (const auto& m : nameIsDNSLabel(ns, false)) errs.push_back(invalid(child(path, "namespace"), quote(ns), m));
    if (term.topology_key().empty()) errs.push_back(required(child(path, "topologyKey"), "can not be empty"));
    append(errs, validateLabelName(term.topology_key(), child(path, "topologyKey")));
    return errs;
}

template <typename PodAff>
ErrorList validatePodAffinityCommon(const PodAff& aff, const std::string& path) {
    ErrorList errs;
    const std::string req = child(path, "requiredDuringSchedulingIgnoredDuringExecution");
    for (int i = 0; i < aff.required_during_scheduling_ignored_during_execution_size(); ++i)
        append(errs, validatePodAffinityTerm(aff.required_during_scheduling_ignored_during_execution(i), index(req, i)));
    const std::string pref = child(path, "preferredDuringSchedulingIgnoredDuringExecution");
    for (int j = 0; j < aff.preferred_during_scheduling_ignored_during_execution_size(); ++j) {
        const auto& w = aff.preferred_during_scheduling_ignored_during_execution(j);
        if (w.weight() <= 0 || w.weight() > 100)
            errs.push_back(invalid(child(index(pref, j), "weight"), goInt(w.weight()), "must be in the range 1-100"));
        append(errs, validatePodAffinityTerm(w.pod_affinity_term(), child(index(pref, j), "podAffinityTerm")));
    }
    return errs;
}

ErrorList validateAffinity(const core::PodSpec& spec, const std::string& path) {
    ErrorList errs;
    if (!spec.has_affinity()) return errs;
    const auto& a = spec.affinity();
    if (a.has_node_affinity()) {
        const std::string p = child(path, "nodeAffinity");
        const auto& na = a.node_affinity();
        if (na.has_required_during_scheduling_ignored_during_execution())
            append(errs, validateNodeSelector(na.required_during_scheduling_ignored_during_execution(),
                                              child(p, "requiredDuringSchedulingIgnoredDuringExecution")));
        const std::string pref = child(p, "preferredDuringSchedulingIgnoredDuringExecution");
        for (int i = 0; i < na.preferred_during_scheduling_ignored_during_execution_size(); ++i) {
            const auto& t = na.preferred_during_scheduling_ignored_during_execution(i);
            if (t.weight() <= 0 || t.weight() > 100)
                errs.push_back(invalid(child(index(pref, i), "weight"), goInt(t.weight()), "must be in the range 1-100"));
            append(errs, validateNodeSelectorTerm(t.preference(), child(index(pref, i), "preference")));
        }
    }
    if (a.has_pod_affinity()) append(errs, validatePodAffinityCommon(a.pod_affinity(), child(path, "podAffinity")));
    if (a.has_pod_anti_affinity())
        append(errs, validatePodAffinityCommon(a.pod_anti_affinity(), child(path, "podAntiAffinity")));
    return errs;
}

ErrorList validateTopologySpreadConstraints(const core::PodSpec& spec, const std::string& path,
                                            const PodValidationOptions& opts) {
    ErrorList errs;
    const auto& cs = spec.topology_spread_constraints();
    for (int i = 0; i < cs.size(); ++i) {
        const auto& c = cs.Get(i);
        const std::string p = index(path, i);
        if (c.max_skew() <= 0) errs.push_back(invalid(child(p, "maxSkew"), goInt(c.max_skew()), kIsNotPositiveErrorMsg));
        if (c.topology_key().empty()) errs.push_back(required(child(p, "topologyKey"), "can not be empty"));
        if (c.when_unsatisfiable() != "DoNotSchedule" && c.when_unsatisfiable() != "ScheduleAnyway")
            errs.push_back(notSupported(child(p, "whenUnsatisfiable"), quote(c.when_unsatisfiable()),
                                        {"DoNotSchedule", "ScheduleAnyway"}));
        for (int j = i + 1; j < cs.size(); ++j) {
            if (cs.Get(j).topology_key() == c.topology_key() && cs.Get(j).when_unsatisfiable() == c.when_unsatisfiable()) {
                errs.push_back(duplicate(child(p, "{topologyKey, whenUnsatisfiable}"),
                                         quote("{" + c.topology_key() + ", " + c.when_unsatisfiable() + "}")));
                break;
            }
        }
        if (c.has_min_domains()) {
            if (c.min_domains() <= 0)
                errs.push_back(invalid(child(p, "minDomains"), goInt(c.min_domains()), kIsNotPositiveErrorMsg));
            if (c.when_unsatisfiable() != "DoNotSchedule")
                errs.push_back(invalid(child(p, "minDomains"), goInt(c.min_domains()),
                                       "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not " +
                                           c.when_unsatisfiable()));
        }
        if (c.has_node_affinity_policy() && c.node_affinity_policy() != "Honor" && c.node_affinity_policy() != "Ignore")
            errs.push_back(notSupported(child(p, "nodeAffinityPolicy"), quote(c.node_affinity_policy()), {"Honor", "Ignore"}));
        if (c.has_node_taints_policy() && c.node_taints_policy() != "Honor" && c.node_taints_policy() != "Ignore")
            errs.push_back(notSupported(child(p, "nodeTaintsPolicy"), quote(c.node_taints_policy()), {"Honor", "Ignore"}));
        if (!c.match_label_keys().empty()) {
            const std::string mp = child(p, "matchLabelKeys");
            std::set<std::string> selectorKeys;
            if (c.has_label_selector()) {
                for (const auto& [k, v] : c.label_selector().match_labels()) selectorKeys.insert(k);
                for (const auto& e : c.label_selector().match_expressions()) selectorKeys.insert(e.key());
            } else {
                errs.push_back(forbidden(mp, "must not be specified when labelSelector is not set"));
            }
            for (int k = 0; k < c.match_label_keys_size(); ++k) {
                const std::string& key = c.match_label_keys(k);
                append(errs, validateLabelName(key, index(mp, k)));
                if (selectorKeys.count(key))
                    errs.push_back(invalid(index(mp, k), quote(key), "exists in both matchLabelKeys and labelSelector"));
            }
        }
        if (!opts.allowInvalidTopologySpreadConstraintLabelSelector && c.has_label_selector())
            append(errs, validateLabelSelector(&c.label_selector(), child(p, "labelSelector")));
    }
    return errs;
}

ErrorList validatePodSecurityContext(const core::PodSpec& spec, const std::string& path) {
    ErrorList errs;
    if (spec.has_security_context()) {
        const auto& sc = spec.security_context();
        if (sc.has_fs_group())
            for (const auto& m : isValidGroupID(sc.fs_group())) errs.push_back(invalid(child(path, "fsGroup"), goInt(sc.fs_group()), m));
        if (sc.has_run_as_user())
            for (const auto& m : isValidUserID(sc.run_as_user())) errs.push_back(invalid(child(path, "runAsUser"), goInt(sc.run_as_user()), m));
        if (sc.has_run_as_group())
            for (const auto& m : isValidGroupID(sc.run_as_group())) errs.push_back(invalid(child(path, "runAsGroup"), goInt(sc.run_as_group()), m));
        for (int g = 0; g < sc.supplemental_groups_size(); ++g)
            for (const auto& m : isValidGroupID(sc.supplemental_groups(g)))
                errs.push_back(invalid(index(child(path, "supplementalGroups"), g), goInt(sc.supplemental_groups(g)), m));
    }
    if (spec.has_share_process_namespace() && spec.host_pid() && spec.share_process_namespace())
        errs.push_back(invalid(child(path, "shareProcessNamespace"), "true", "ShareProcessNamespace and HostPID cannot both be enabled"));
    if (spec.has_security_context() && spec.security_context().has_seccomp_profile())
        append(errs, validateSeccompProfileField(spec.security_context().seccomp_profile(), child(path, "seccompProfile")));
    return errs;
}

// podshelper.VisitContainersWithPath order: init containers, then containers.
template <typename F>
void visitContainers(const core::PodSpec& spec, const std::string& specPath, F&& f) {
    for (int i = 0; i < spec.init_containers_size(); ++i) f(spec.init_containers(i), index(child(specPath, "initContainers"), i));
    for (int i = 0; i < spec.containers_size(); ++i) f(spec.containers(i), index(child(specPath, "containers"), i));
}

ErrorList validateWindows(const core::PodSpec& spec, const std::string& path) {
    ErrorList errs;
    const std::string sc = child(path, "securityContext");
    const char* msg = "cannot be set for a windows pod";
    if (spec.has_host_users()) errs.push_back(forbidden(child(path, "hostUsers"), msg));
    if (spec.host_pid()) errs.push_back(forbidden(child(path, "hostPID"), msg));
    if (spec.host_ipc()) errs.push_back(forbidden(child(path, "hostIPC"), msg));
    const auto& psc = spec.security_context();
    if (psc.has_seccomp_profile()) errs.push_back(forbidden(child(sc, "seccompProfile"), msg));
    if (psc.has_fs_group()) errs.push_back(forbidden(child(sc, "fsGroup"), msg));
    if (spec.has_share_process_namespace()) errs.push_back(forbidden(child(path, "shareProcessNamespace"), msg));
    if (psc.has_run_as_user()) errs.push_back(forbidden(child(sc, "runAsUser"), msg));
    if (psc.has_run_as_group()) errs.push_back(forbidden(child(sc, "runAsGroup"), msg));
    if (!psc.supplemental_groups().empty()) errs.push_back(forbidden(child(sc, "supplementalGroups"), msg));
    visitContainers(spec, path, [&](const core::Container& c, const std::string& cp) {
        if (!c.has_security_context()) return;
        const auto& s = c.security_context();
        const std::string p = child(cp, "securityContext");
        if (s.has_seccomp_profile()) errs.push_back(forbidden(child(p, "seccompProfile"), msg));
        if (s.has_capabilities()) errs.push_back(forbidden(child(p, "capabilities"), msg));
        if (s.has_read_only_root_filesystem()) errs.push_back(forbidden(child(p, "readOnlyRootFilesystem"), msg));
        if (s.has_privileged()) errs.push_back(forbidden(child(p, "privileged"), msg));
        if (s.has_allow_privilege_escalation()) errs.push_back(forbidden(child(p, "allowPrivilegeEscalation"), msg));
        if (s.has_run_as_user()) errs.push_back(forbidden(child(p, "runAsUser"), msg));
        if (s.has_run_as_group()) errs.push_back(forbidden(child(p, "runAsGroup"), msg));
    });
    return errs;
}

bool validDeletionCost(const std::string& v) {
    if (v.empty()) return false;
    if (!(v[0] == '-' || v == "0" || (v[0] >= '1' && v[0] <= '9'))) return false;
    size_t i = v[0] == '-' ? 1 : 0;
    if (i >= v.size()) return false;
    long long n = 0;
    for (; i < v.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(v[i]))) return false;
        n = n * 10 + (v[i] - '0');
        if (n > 2147483648LL) return false;
    }
    if (v[0] == '-') return n <= 2147483648LL;
    return n <= 2147483647LL;
}

ErrorList validateSeccompProfileAnnotation(const std::string& p, const std::string& path) {
    if (p == "runtime/default" || p == "docker/default" || p == "unconfined") return {};
    if (p.rfind("localhost/", 0) == 0) return validateLocalDescendingPath(p.substr(10), path);
    return {invalid(path, quote(p), "must be a valid seccomp profile")};
}

ErrorList validateSeccompAnnotationsAndFields(const StringMap& annotations, const core::PodSpec& spec,
                                              const std::string& specPath) {
    ErrorList errs;
    auto match = [&](const std::string& annotation, const core::SeccompProfile& f, const std::string& path) {
        const std::string& t = f.type();
        if (t == "Unconfined") {
            if (annotation != "unconfined") errs.push_back(forbidden(child(path, "type"), "seccomp type in annotation and field must match"));
        } else if (t == "RuntimeDefault") {
            if (annotation != "runtime/default" && annotation != "docker/default")
                errs.push_back(forbidden(child(path, "type"), "seccomp type in annotation and field must match"));
        } else if (t == "Localhost") {
            if (annotation.rfind("localhost/", 0) != 0)
                errs.push_back(forbidden(child(path, "type"), "seccomp type in annotation and field must match"));
            else if (!f.has_localhost_profile() || annotation.substr(10) != f.localhost_profile())
                errs.push_back(forbidden(child(path, "localhostProfile"), "seccomp profile in annotation and field must match"));
        }
    };
    if (spec.has_security_context() && spec.security_context().has_seccomp_profile()) {
        auto it = annotations.find(kSeccompPodAnnotation);
        if (it != annotations.end())
            match(it->second, spec.security_context().seccomp_profile(),
                  child(child(specPath, "securityContext"), "seccompProfile"));
    }
    visitContainers(spec, specPath, [&](const core::Container& c, const std::string& cp) {
        if (!c.has_security_context() || !c.security_context().has_seccomp_profile()) return;
        auto it = annotations.find(kSeccompContainerPrefix + c.name());
        if (it != annotations.end())
            match(it->second, c.security_context().seccomp_profile(), child(child(cp, "securityContext"), "seccompProfile"));
    });
    return errs;
}

ErrorList validateContainersOnlyForPod(const RepeatedPtrField<core::Container>& containers, const std::string& path) {
    ErrorList errs;
    for (int i = 0; i < containers.size(); ++i) {
        const std::string& image = containers.Get(i).image();
        const size_t b = image.find_first_not_of(" \t\n\r\v\f");
        const size_t e = image.find_last_not_of(" \t\n\r\v\f");
        const size_t trimmed = b == std::string::npos ? 0 : e - b + 1;
        if (trimmed != image.size())
            errs.push_back(invalid(child(index(path, i), "image"), quote(image), "must not have leading or trailing whitespace"));
    }
    return errs;
}

ErrorList validatePodMetadataAndSpec(const core::Pod& pod, const PodValidationOptions& opts) {
    const std::string meta = "metadata", specPath = "spec";
    ErrorList errs = validateObjectMeta(pod.metadata(), true, nameIsDNSSubdomain, meta);
    append(errs, validatePodSpecificAnnotations(pod.metadata().annotations(), pod.spec(), child(meta, "annotations"), opts));
    append(errs, validatePodSpec(pod.spec(), &pod.metadata(), specPath, opts));
    if (pod.spec().service_account_name().empty()) {
        for (int vi = 0; vi < pod.spec().volumes_size(); ++vi) {
            const auto& v = pod.spec().volumes(vi);
            if (!v.has_projected()) continue;
            for (int si = 0; si < v.projected().sources_size(); ++si)
                if (v.projected().sources(si).has_service_account_token())
                    errs.push_back(forbidden(child(index(child(child(index(child(specPath, "volumes"), vi), "projected"), "sources"), si),
                                                   "serviceAccountToken"),
                                             "must not be specified when serviceAccountName is not set"));
        }
    }
    append(errs, validateContainersOnlyForPod(pod.spec().containers(), child(specPath, "containers")));
    append(errs, validateContainersOnlyForPod(pod.spec().init_containers(), child(specPath, "initContainers")));
    return errs;
}

ErrorList validatePodSpecificAnnotationUpdates(const core::Pod& newPod, const core::Pod& oldPod, const std::string& path,
                                               const PodValidationOptions& opts) {
    ErrorList errs;
    const auto& na = newPod.metadata().annotations();
    const auto& oa = oldPod.metadata().annotations();
    for (const auto& k : sortedKeys(oa)) {
        auto it = na.find(k);
        if (it != na.end() && it->second == oa.at(k)) continue;
        if (k.rfind(kAppArmorPrefix, 0) == 0) errs.push_back(forbidden(key(path, k), "may not remove or update AppArmor annotations"));
        if (k == kMirrorPodAnnotation) errs.push_back(forbidden(key(path, k), "may not remove or update mirror pod annotation"));
    }
    for (const auto& k : sortedKeys(na)) {
        if (oa.contains(k)) continue;
        if (k.rfind(kAppArmorPrefix, 0) == 0) errs.push_back(forbidden(key(path, k), "may not add AppArmor annotations"));
        if (k == kMirrorPodAnnotation) errs.push_back(forbidden(key(path, k), "may not add mirror pod annotation"));
    }
    append(errs, validatePodSpecificAnnotations(na, newPod.spec(), path, opts));
    return errs;
}

// ---------------------------------------------------------------- diff & semantic equality

bool isQuantityField(const google::protobuf::FieldDescriptor* f) {
    return f->options().HasExtension(pilothouse::api::kind) &&
           f->options().GetExtension(pilothouse::api::kind) == pilothouse::api::QUANTITY;
}

std::string goFieldName(const google::protobuf::FieldDescriptor* f) {
    std::string n = f->json_name();
    if (!n.empty()) n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
    return n;
}

bool quantityEqual(const std::string& a, const std::string& b) {
    if (a == b) return true;
    auto qa = parseQ(a), qb = parseQ(b);
    return qa && qb && qa->cmp(*qb) == 0;
}

std::string renderScalar(const Message& m, const google::protobuf::FieldDescriptor* f, int idx);
std::string renderMessage(const Message& m);

std::string renderMapEntry(const Message& entry) {
    const auto* d = entry.GetDescriptor();
    return renderScalar(entry, d->FindFieldByNumber(1), -1) + ": " + renderScalar(entry, d->FindFieldByNumber(2), -1);
}

std::string renderScalar(const Message& m, const google::protobuf::FieldDescriptor* f, int idx) {
    using FD = google::protobuf::FieldDescriptor;
    const auto* r = m.GetReflection();
    const bool rep = idx >= 0;
    switch (f->cpp_type()) {
        case FD::CPPTYPE_STRING: return quote(rep ? r->GetRepeatedString(m, f, idx) : r->GetString(m, f));
        case FD::CPPTYPE_INT32: return goInt(rep ? r->GetRepeatedInt32(m, f, idx) : r->GetInt32(m, f));
        case FD::CPPTYPE_INT64: return goInt(rep ? r->GetRepeatedInt64(m, f, idx) : r->GetInt64(m, f));
        case FD::CPPTYPE_UINT32: return std::to_string(rep ? r->GetRepeatedUInt32(m, f, idx) : r->GetUInt32(m, f));
        case FD::CPPTYPE_UINT64: return std::to_string(rep ? r->GetRepeatedUInt64(m, f, idx) : r->GetUInt64(m, f));
        case FD::CPPTYPE_BOOL: return goBool(rep ? r->GetRepeatedBool(m, f, idx) : r->GetBool(m, f));
        case FD::CPPTYPE_DOUBLE: return std::to_string(rep ? r->GetRepeatedDouble(m, f, idx) : r->GetDouble(m, f));
        case FD::CPPTYPE_FLOAT: return std::to_string(rep ? r->GetRepeatedFloat(m, f, idx) : r->GetFloat(m, f));
        case FD::CPPTYPE_ENUM: return goInt(rep ? r->GetRepeatedEnumValue(m, f, idx) : r->GetEnumValue(m, f));
        case FD::CPPTYPE_MESSAGE: return renderMessage(rep ? r->GetRepeatedMessage(m, f, idx) : r->GetMessage(m, f));
    }
    return "";
}

// go-cmp's compact form: {Name: "x", Image: "y"}, fields at their zero value left out.
std::string renderMessage(const Message& m) {
    const auto* d = m.GetDescriptor();
    const auto* r = m.GetReflection();
    std::string out = "{";
    bool first = true;
    for (int i = 0; i < d->field_count(); ++i) {
        const auto* f = d->field(i);
        std::string v;
        if (f->is_map()) {
            if (r->FieldSize(m, f) == 0) continue;
            std::vector<std::string> entries;
            for (int k = 0; k < r->FieldSize(m, f); ++k) entries.push_back(renderMapEntry(r->GetRepeatedMessage(m, f, k)));
            std::sort(entries.begin(), entries.end());
            v = "{";
            for (size_t k = 0; k < entries.size(); ++k) v += (k ? ", " : "") + entries[k];
            v += "}";
        } else if (f->is_repeated()) {
            if (r->FieldSize(m, f) == 0) continue;
            v = "{";
            for (int k = 0; k < r->FieldSize(m, f); ++k) v += (k ? ", " : "") + renderScalar(m, f, k);
            v += "}";
        } else {
            if (f->has_presence() ? !r->HasField(m, f) : false) continue;
            if (!f->has_presence()) {
                // proto3 scalars without presence: skip zero values
                v = renderScalar(m, f, -1);
                if (v == "\"\"" || v == "0" || v == "false") continue;
            } else {
                v = renderScalar(m, f, -1);
                if (f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) v = "&" + v;
            }
        }
        out += (first ? "" : ", ") + goFieldName(f) + ": " + v;
        first = false;
    }
    return out + "}";
}

struct DiffLine {
    std::string path;
    std::string oldValue;  // empty: absent
    std::string newValue;
};

void diffInto(const Message& a, const Message& b, const std::string& prefix, std::vector<DiffLine>* out);

void diffField(const Message& a, const Message& b, const google::protobuf::FieldDescriptor* f,
               const std::string& prefix, std::vector<DiffLine>* out) {
    const auto* ra = a.GetReflection();
    const auto* rb = b.GetReflection();
    const std::string name = prefix.empty() ? goFieldName(f) : prefix + "." + goFieldName(f);
    if (f->is_map()) {
        std::map<std::string, std::string> ma, mb;
        const auto* vf = f->message_type()->FindFieldByNumber(2);
        const auto* kf = f->message_type()->FindFieldByNumber(1);
        for (int k = 0; k < ra->FieldSize(a, f); ++k) {
            const auto& e = ra->GetRepeatedMessage(a, f, k);
            ma[renderScalar(e, kf, -1)] = renderScalar(e, vf, -1);
        }
        for (int k = 0; k < rb->FieldSize(b, f); ++k) {
            const auto& e = rb->GetRepeatedMessage(b, f, k);
            mb[renderScalar(e, kf, -1)] = renderScalar(e, vf, -1);
        }
        std::set<std::string> keys;
        for (const auto& [k, v] : ma) keys.insert(k);
        for (const auto& [k, v] : mb) keys.insert(k);
        const bool qty = isQuantityField(f);
        for (const auto& k : keys) {
            auto ia = ma.find(k), ib = mb.find(k);
            const std::string va = ia == ma.end() ? "" : ia->second;
            const std::string vb = ib == mb.end() ? "" : ib->second;
            if (ia != ma.end() && ib != mb.end()) {
                if (va == vb) continue;
                if (qty && quantityEqual(va.substr(1, va.size() - 2), vb.substr(1, vb.size() - 2))) continue;
            }
            out->push_back({name + "[" + k + "]", va, vb});
        }
        return;
    }
    if (f->is_repeated()) {
        const int na = ra->FieldSize(a, f), nb = rb->FieldSize(b, f);
        const int n = std::max(na, nb);
        for (int i = 0; i < n; ++i) {
            const std::string p = name + "[" + std::to_string(i) + "]";
            if (i >= na) { out->push_back({p, "", renderScalar(b, f, i)}); continue; }
            if (i >= nb) { out->push_back({p, renderScalar(a, f, i), ""}); continue; }
            if (f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) {
                diffInto(ra->GetRepeatedMessage(a, f, i), rb->GetRepeatedMessage(b, f, i), p, out);
            } else {
                const std::string va = renderScalar(a, f, i), vb = renderScalar(b, f, i);
                if (va != vb) out->push_back({p, va, vb});
            }
        }
        return;
    }
    if (f->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) {
        const bool ha = ra->HasField(a, f), hb = rb->HasField(b, f);
        if (!ha && !hb) return;
        if (ha && hb) {
            diffInto(ra->GetMessage(a, f), rb->GetMessage(b, f), name, out);
            return;
        }
        // One side unset: an empty message on the other side is semantically the same.
        const Message& present = ha ? ra->GetMessage(a, f) : rb->GetMessage(b, f);
        std::vector<DiffLine> inner;
        diffInto(present, *present.New(), name, &inner);  // compare with empty
        if (inner.empty()) return;
        out->push_back({name, ha ? "&" + renderMessage(present) : "nil", hb ? "&" + renderMessage(present) : "nil"});
        return;
    }
    const bool ha = !f->has_presence() || ra->HasField(a, f);
    const bool hb = !f->has_presence() || rb->HasField(b, f);
    std::string va = ha ? renderScalar(a, f, -1) : "nil";
    std::string vb = hb ? renderScalar(b, f, -1) : "nil";
    if (va == vb) return;
    if (isQuantityField(f) && ha && hb && quantityEqual(va.substr(1, va.size() - 2), vb.substr(1, vb.size() - 2))) return;
    if (f->has_presence()) {
        if (ha) va = "&" + va;
        if (hb) vb = "&" + vb;
    }
    out->push_back({name, va, vb});
}

void diffInto(const Message& a, const Message& b, const std::string& prefix, std::vector<DiffLine>* out) {
    const auto* d = a.GetDescriptor();
    for (int i = 0; i < d->field_count(); ++i) diffField(a, b, d->field(i), prefix, out);
}

}  // namespace

std::string diffMessages(const Message& oldMsg, const Message& newMsg, const std::string& goType) {
    std::vector<DiffLine> lines;
    diffInto(oldMsg, newMsg, "", &lines);
    std::string out = "  " + goType + "{\n";
    for (const auto& l : lines) {
        if (!l.oldValue.empty()) out += "- \t" + l.path + ": " + l.oldValue + ",\n";
        if (!l.newValue.empty()) out += "+ \t" + l.path + ": " + l.newValue + ",\n";
    }
    out += "  }\n";
    return out;
}

bool semanticEqual(const Message& a, const Message& b) {
    std::vector<DiffLine> lines;
    diffInto(a, b, "", &lines);
    return lines.empty();
}

// ---------------------------------------------------------------- exported pieces

ErrorList validateTaintEffect(const std::string& effect, bool allowEmpty, const std::string& path) {
    if (!allowEmpty && effect.empty()) return {required(path, "")};
    if (effect == "NoSchedule" || effect == "PreferNoSchedule" || effect == "NoExecute") return {};
    return {notSupported(path, quote(effect), {"NoSchedule", "PreferNoSchedule", "NoExecute"})};
}

ErrorList validateTolerations(const RepeatedPtrField<core::Toleration>& tolerations, const std::string& path) {
    ErrorList errs;
    for (int i = 0; i < tolerations.size(); ++i) {
        const auto& t = tolerations.Get(i);
        const std::string idx = index(path, i);
        if (!t.key().empty()) append(errs, validateLabelName(t.key(), child(idx, "key")));
        if (t.key().empty() && t.operator_() != "Exists")
            errs.push_back(invalid(child(idx, "operator"), quote(t.operator_()),
                                   "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
        if (t.has_toleration_seconds() && t.effect() != "NoExecute")
            errs.push_back(invalid(child(idx, "effect"), quote(t.effect()),
                                   "effect must be 'NoExecute' when `tolerationSeconds` is set"));
        if (t.operator_() == "Equal" || t.operator_().empty()) {
            const auto msgs = isValidLabelValue(t.value());
            if (!msgs.empty()) {
                std::string joined;
                for (size_t k = 0; k < msgs.size(); ++k) joined += (k ? ";" : "") + msgs[k];
                errs.push_back(invalid(child(idx, "operator"), quote(t.value()), joined));
            }
        } else if (t.operator_() == "Exists") {
            if (!t.value().empty())
                errs.push_back(invalid(child(idx, "operator"), goToleration(t), "value must be empty when `operator` is 'Exists'"));
        } else {
            errs.push_back(notSupported(child(idx, "operator"), quote(t.operator_()), {"Equal", "Exists"}));
        }
        if (!t.effect().empty()) append(errs, validateTaintEffect(t.effect(), true, child(idx, "effect")));
    }
    return errs;
}

ErrorList validateResourceRequirements(const core::ResourceRequirements& req, const std::string& path,
                                       const PodValidationOptions& opts) {
    ErrorList errs;
    const std::string limPath = child(path, "limits"), reqPath = child(path, "requests");
    bool limCpuMem = false, reqCpuMem = false, limHuge = false, reqHuge = false;
    for (const auto* entry : sortedEntries(req.limits())) {
        const std::string& name = entry->first;
        const std::string& qs = entry->second;
        const std::string p = key(limPath, name);
        append(errs, validateContainerResourceName(name, p));
        append(errs, validateResourceQuantityValue(name, qs, p));
        if (isHugePageResourceName(name)) {
            limHuge = true;
            auto q = parseQ(qs);
            if (q && !opts.allowIndivisibleHugePagesValues && !hugePageDivisible(name, *q))
                errs.push_back(invalid(p, quote(q->toString()), q->toString() + " is not positive integer multiple of " + name));
        }
        if (name == "cpu" || name == "memory") limCpuMem = true;
    }
    for (const auto* entry : sortedEntries(req.requests())) {
        const std::string& name = entry->first;
        const std::string& qs = entry->second;
        const std::string p = key(reqPath, name);
        append(errs, validateContainerResourceName(name, p));
        append(errs, validateResourceQuantityValue(name, qs, p));
        auto q = parseQ(qs);
        auto lim = req.limits().find(name);
        if (lim != req.limits().end()) {
            auto lq = parseQ(lim->second);
            if (q && lq) {
                const int c = q->cmp(*lq);
                if (c != 0 && !isOvercommitAllowed(name))
                    errs.push_back(invalid(reqPath, quote(q->toString()),
                                           "must be equal to " + name + " limit of " + lq->toString()));
                else if (c > 0)
                    errs.push_back(invalid(reqPath, quote(q->toString()),
                                           "must be less than or equal to " + name + " limit of " + lq->toString()));
            }
        } else if (!isOvercommitAllowed(name)) {
            errs.push_back(required(limPath, "Limit must be set for non overcommitable resources"));
        }
        if (isHugePageResourceName(name)) {
            reqHuge = true;
            if (q && !opts.allowIndivisibleHugePagesValues && !hugePageDivisible(name, *q))
                errs.push_back(invalid(p, quote(q->toString()), q->toString() + " is not positive integer multiple of " + name));
        }
        if (name == "cpu" || name == "memory") reqCpuMem = true;
    }
    if (!limCpuMem && !reqCpuMem && (reqHuge || limHuge)) errs.push_back(forbidden(path, "HugePages require cpu or memory"));
    return errs;
}

ErrorList validateNodeSelector(const core::NodeSelector& selector, const std::string& path) {
    const std::string terms = child(path, "nodeSelectorTerms");
    if (selector.node_selector_terms().empty()) return {required(terms, "must have at least one node selector term")};
    ErrorList errs;
    for (int i = 0; i < selector.node_selector_terms_size(); ++i)
        append(errs, validateNodeSelectorTerm(selector.node_selector_terms(i), index(terms, i)));
    return errs;
}

ErrorList validatePreemptionPolicy(const std::string& policy, const std::string& path) {
    if (policy == "PreemptLowerPriority" || policy == "Never") return {};
    if (policy.empty()) return {required(path, "")};
    return {notSupported(path, quote(policy), {"PreemptLowerPriority", "Never"})};
}

ErrorList validatePodSpecificAnnotations(const StringMap& annotations, const core::PodSpec& spec,
                                         const std::string& path, const PodValidationOptions& opts) {
    ErrorList errs;
    auto mirror = annotations.find(kMirrorPodAnnotation);
    if (mirror != annotations.end() && spec.node_name().empty())
        errs.push_back(invalid(key(path, kMirrorPodAnnotation), quote(mirror->second),
                               "must set spec.nodeName if mirror pod annotation is set"));
    if (!opts.allowInvalidPodDeletionCost) {
        auto cost = annotations.find(kPodDeletionCost);
        if (cost != annotations.end() && !validDeletionCost(cost->second))
            errs.push_back(invalid(key(path, kPodDeletionCost), quote(cost->second), "must be a 32bit integer"));
    }
    // ValidateSeccompPodAnnotations
    auto pod = annotations.find(kSeccompPodAnnotation);
    if (pod != annotations.end()) append(errs, validateSeccompProfileAnnotation(pod->second, child(path, kSeccompPodAnnotation)));
    const auto sorted = sortedEntries(annotations);
    for (const auto* entry : sorted)
        if (entry->first.rfind(kSeccompContainerPrefix, 0) == 0)
            append(errs, validateSeccompProfileAnnotation(entry->second, child(path, entry->first)));
    // ValidateAppArmorPodAnnotations
    for (const auto* entry : sorted) {
        const std::string& k = entry->first;
        if (k.rfind(kAppArmorPrefix, 0) != 0) continue;
        const std::string container = k.substr(std::string(kAppArmorPrefix).size());
        bool found = false;
        for (const auto& c : spec.init_containers()) found = found || c.name() == container;
        for (const auto& c : spec.containers()) found = found || c.name() == container;
        if (!found) errs.push_back(invalid(key(path, k), quote(container), "container not found"));
        const std::string& p = entry->second;
        if (!p.empty() && p != "runtime/default" && p != "unconfined" && p.rfind("localhost/", 0) != 0)
            errs.push_back(invalid(key(path, k), quote(p), "invalid AppArmor profile name: " + quote(p)));
    }
    return errs;
}

ErrorList validatePodSpec(const core::PodSpec& spec, const ObjectMeta* podMeta, const std::string& path,
                          const PodValidationOptions& opts) {
    (void)podMeta;
    ErrorList errs;
    VolumeSet vols;
    append(errs, validateVolumes(spec.volumes(), child(path, "volumes"), &vols));
    append(errs, validateContainers(spec.containers(), vols, child(path, "containers"), opts));
    append(errs, validateInitContainers(spec.init_containers(), spec.containers(), vols, child(path, "initContainers"), opts));
    // validatePodHostNetworkDeps
    if (spec.host_network()) {
        for (int i = 0; i < spec.containers_size(); ++i) {
            const auto& c = spec.containers(i);
            for (int j = 0; j < c.ports_size(); ++j) {
                const auto& port = c.ports(j);
                if ((opts.resourceIsPod || port.host_port() != 0) && port.host_port() != port.container_port())
                    errs.push_back(invalid(child(index(child(index(child(path, "containers"), i), "ports"), j), "hostPort"),
                                           goInt(port.host_port()), "must match `containerPort` when `hostNetwork` is true"));
            }
        }
    }
    const std::string& rp = spec.restart_policy();
    if (rp.empty()) errs.push_back(required(child(path, "restartPolicy"), ""));
    else if (rp != "Always" && rp != "OnFailure" && rp != "Never")
        errs.push_back(notSupported(child(path, "restartPolicy"), quote(rp), {"Always", "OnFailure", "Never"}));
    const std::string& dp = spec.dns_policy();
    if (dp.empty()) errs.push_back(required(child(path, "dnsPolicy"), ""));
    else if (dp != "ClusterFirstWithHostNet" && dp != "ClusterFirst" && dp != "Default" && dp != "None")
        errs.push_back(notSupported(child(path, "dnsPolicy"), quote(dp), {"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"}));
    append(errs, validateLabels(spec.node_selector(), child(path, "nodeSelector")));
    append(errs, validatePodSecurityContext(spec, child(path, "securityContext")));
    append(errs, validateAffinity(spec, child(path, "affinity")));
    // validatePodDNSConfig: this object model has no dnsConfig, so dnsPolicy None cannot be satisfied.
    if (dp == "None")
        errs.push_back(required(child(path, "dnsConfig"), "must provide `dnsConfig` when `dnsPolicy` is None"));
    for (int i = 0; i < spec.readiness_gates_size(); ++i)
        append(errs, validateQualifiedName(spec.readiness_gates(i).condition_type(),
                                           child(index(child(path, "readinessGates"), i), "conditionType")));
    {
        std::set<std::string> seen;
        const std::string gp = child(path, "schedulingGates");
        for (int i = 0; i < spec.scheduling_gates_size(); ++i) {
            const std::string& name = spec.scheduling_gates(i).name();
            append(errs, validateQualifiedName(name, index(gp, i)));
            if (seen.count(name)) errs.push_back(duplicate(index(gp, i), quote(name)));
            seen.insert(name);
        }
    }
    append(errs, validateTopologySpreadConstraints(spec, child(path, "topologySpreadConstraints"), opts));
    // validateHostUsers
    if (spec.has_host_users() && !spec.host_users()) {
        if (spec.host_network()) errs.push_back(forbidden(child(path, "hostNetwork"), "when `pod.Spec.HostUsers` is false"));
        if (spec.host_pid()) errs.push_back(forbidden(child(path, "HostPID"), "when `pod.Spec.HostUsers` is false"));
        if (spec.host_ipc()) errs.push_back(forbidden(child(path, "HostIPC"), "when `pod.Spec.HostUsers` is false"));
    }
    if (!spec.service_account_name().empty())
        for (const auto& m : nameIsDNSSubdomain(spec.service_account_name(), false))
            errs.push_back(invalid(child(path, "serviceAccountName"), quote(spec.service_account_name()), m));
    if (!spec.node_name().empty())
        for (const auto& m : nameIsDNSSubdomain(spec.node_name(), false))
            errs.push_back(invalid(child(path, "nodeName"), quote(spec.node_name()), m));
    if (spec.has_active_deadline_seconds()) {
        const int64_t v = spec.active_deadline_seconds();
        if (v < 1 || v > INT32_MAX)
            errs.push_back(invalid(child(path, "activeDeadlineSeconds"), goInt(v), inclusiveRangeError(1, INT32_MAX)));
    }
    if (!spec.hostname().empty()) append(errs, validateDNS1123Label(spec.hostname(), child(path, "hostname")));
    if (!spec.subdomain().empty()) append(errs, validateDNS1123Label(spec.subdomain(), child(path, "subdomain")));
    if (!spec.tolerations().empty()) append(errs, validateTolerations(spec.tolerations(), child(path, "tolerations")));
    for (const auto& ha : spec.host_aliases()) {
        if (!parseIPSloppy(ha.ip()))
            errs.push_back(invalid(child(child(path, "hostAliases"), "ip"), quote(ha.ip()), "must be valid IP address"));
        for (const auto& h : ha.hostnames())
            append(errs, validateDNS1123Subdomain(h, child(child(path, "hostAliases"), "hostnames")));
    }
    if (!spec.priority_class_name().empty())
        for (const auto& m : nameIsDNSSubdomain(spec.priority_class_name(), false))
            errs.push_back(invalid(child(path, "priorityClassName"), quote(spec.priority_class_name()), m));
    if (spec.has_runtime_class_name())
        for (const auto& m : nameIsDNSSubdomain(spec.runtime_class_name(), false))
            errs.push_back(invalid(child(path, "runtimeClassName"), quote(spec.runtime_class_name()), m));
    if (spec.has_preemption_policy())
        append(errs, validatePreemptionPolicy(spec.preemption_policy(), child(path, "preemptionPolicy")));
    if (!spec.overhead().empty()) {
        core::ResourceRequirements overhead;
        *overhead.mutable_limits() = spec.overhead();
        append(errs, validateResourceRequirements(overhead, child(path, "overhead"), opts));
    }
    if (spec.has_os()) {
        const std::string& os = spec.os().name();
        if (os.empty()) {
            errs.push_back(required(child(child(path, "os"), "name"), "cannot be empty"));
        } else if (os != "linux" && os != "windows") {
            errs.push_back(notSupported(child(path, "os"), quote(os), {"linux", "windows"}));
        } else if (os == "windows") {
            append(errs, validateWindows(spec, path));
        }
    }
    return errs;
}

ErrorList validatePodTemplateSpec(const core::PodTemplateSpec& tmpl, const std::string& path,
                                  const PodValidationOptions& opts) {
    ErrorList errs;
    append(errs, validateLabels(tmpl.metadata().labels(), child(path, "labels")));
    append(errs, validateAnnotations(tmpl.metadata().annotations(), child(path, "annotations")));
    append(errs, validatePodSpecificAnnotations(tmpl.metadata().annotations(), tmpl.spec(), child(path, "annotations"), opts));
    append(errs, validatePodSpec(tmpl.spec(), nullptr, child(path, "spec"), opts));
    append(errs, validateSeccompAnnotationsAndFields(tmpl.metadata().annotations(), tmpl.spec(), child(path, "spec")));
    return errs;
}

PodValidationOptions podValidationOptions(const core::PodSpec* newSpec, const core::PodSpec* oldSpec,
                                          const ObjectMeta* oldMeta, bool resourceIsPod) {
    (void)newSpec;
    PodValidationOptions opts;
    opts.resourceIsPod = resourceIsPod;
    if (oldSpec) {
        // What the old object already used stays allowed.
        auto indivisible = [](const core::Container& c) {
            for (const auto* list : {&c.resources().limits(), &c.resources().requests()})
                for (const auto& [name, qs] : *list)
                    if (isHugePageResourceName(name)) {
                        auto q = parseQ(qs);
                        if (q && !hugePageDivisible(name, *q)) return true;
                    }
            return false;
        };
        for (const auto& c : oldSpec->containers()) opts.allowIndivisibleHugePagesValues |= indivisible(c);
        for (const auto& c : oldSpec->init_containers()) opts.allowIndivisibleHugePagesValues |= indivisible(c);
        auto badSelector = [](const LabelSelector& s) {
            for (const auto& e : s.match_expressions())
                for (const auto& v : e.values())
                    if (!isValidLabelValue(v).empty()) return true;
            return false;
        };
        if (oldSpec->has_affinity()) {
            for (const auto& t : oldSpec->affinity().pod_affinity().required_during_scheduling_ignored_during_execution())
                opts.allowInvalidLabelValueInSelector |= badSelector(t.label_selector()) || badSelector(t.namespace_selector());
            for (const auto& t : oldSpec->affinity().pod_anti_affinity().required_during_scheduling_ignored_during_execution())
                opts.allowInvalidLabelValueInSelector |= badSelector(t.label_selector()) || badSelector(t.namespace_selector());
        }
        for (const auto& c : oldSpec->topology_spread_constraints())
            if (c.has_label_selector() && !validateLabelSelector(&c.label_selector(), "x").empty())
                opts.allowInvalidTopologySpreadConstraintLabelSelector = true;
    }
    if (oldMeta) {
        auto cost = oldMeta->annotations().find(kPodDeletionCost);
        if (cost != oldMeta->annotations().end() && !validDeletionCost(cost->second)) opts.allowInvalidPodDeletionCost = true;
    }
    return opts;
}

ErrorList validatePodCreate(const core::Pod& pod) {
    const auto opts = podValidationOptions(&pod.spec(), nullptr, nullptr, true);
    ErrorList errs = validatePodMetadataAndSpec(pod, opts);
    if (!pod.spec().node_name().empty() && !pod.spec().scheduling_gates().empty())
        errs.push_back(forbidden("spec.nodeName", "cannot be set until all schedulingGates have been cleared"));
    append(errs, validateSeccompAnnotationsAndFields(pod.metadata().annotations(), pod.spec(), "spec"));
    return errs;
}

namespace {

ErrorList validateContainerUpdates(const RepeatedPtrField<core::Container>& n, const RepeatedPtrField<core::Container>& o,
                                   const std::string& path, bool* stop) {
    ErrorList errs;
    if (n.size() != o.size()) {
        *stop = true;
        return {forbidden(path, "pod updates may not add or remove containers")};
    }
    for (int i = 0; i < n.size(); ++i) {
        const std::string& image = n.Get(i).image();
        if (image.empty()) errs.push_back(required(child(index(path, i), "image"), ""));
        const size_t b = image.find_first_not_of(" \t\n\r\v\f");
        const size_t e = image.find_last_not_of(" \t\n\r\v\f");
        const size_t trimmed = b == std::string::npos ? 0 : e - b + 1;
        if (trimmed != image.size())
            errs.push_back(invalid(child(index(path, i), "image"), quote(image), "must not have leading or trailing whitespace"));
    }
    return errs;
}

}  // namespace


ErrorList validatePodUpdate(const core::Pod& newPod, const core::Pod& oldPod) {
    const auto opts = podValidationOptions(&newPod.spec(), &oldPod.spec(), &oldPod.metadata(), true);
    const std::string meta = "metadata", specPath = "spec";
    ErrorList errs = validateObjectMetaUpdate(newPod.metadata(), oldPod.metadata(), meta);
    append(errs, validatePodMetadataAndSpec(newPod, opts));
    append(errs, validatePodSpecificAnnotationUpdates(newPod, oldPod, child(meta, "annotations"), opts));
    const auto& ns = newPod.spec();
    const auto& os = oldPod.spec();
    bool stop = false;
    append(errs, validateContainerUpdates(ns.containers(), os.containers(), child(specPath, "containers"), &stop));
    if (stop) return errs;
    append(errs, validateContainerUpdates(ns.init_containers(), os.init_containers(), child(specPath, "initContainers"), &stop));
    if (stop) return errs;
    const std::string adsPath = child(specPath, "activeDeadlineSeconds");
    if (ns.has_active_deadline_seconds()) {
        const int64_t v = ns.active_deadline_seconds();
        if (v < 0 || v > INT32_MAX) {
            errs.push_back(invalid(adsPath, goInt(v), inclusiveRangeError(0, INT32_MAX)));
            return errs;
        }
        if (os.has_active_deadline_seconds() && os.active_deadline_seconds() < v) {
            errs.push_back(invalid(adsPath, goInt(v), "must be less than or equal to previous value"));
            return errs;
        }
    } else if (os.has_active_deadline_seconds()) {
        errs.push_back(invalid(adsPath, "null", "must not update from a positive integer to nil value"));
    }
    // validateOnlyAddedTolerations
    {
        const std::string tp = child(specPath, "tolerations");
        bool modified = false;
        for (const auto& old : os.tolerations()) {
            bool found = false;
            for (const auto& nt : ns.tolerations())
                if (old.key() == nt.key() && old.operator_() == nt.operator_() && old.value() == nt.value() &&
                    old.effect() == nt.effect()) {
                    found = true;
                    break;
                }
            if (!found) {
                errs.push_back(forbidden(tp, "existing toleration can not be modified except its tolerationSeconds"));
                modified = true;
                break;
            }
        }
        if (!modified) append(errs, validateTolerations(ns.tolerations(), tp));
    }
    // validateOnlyDeletedSchedulingGates
    if (!ns.scheduling_gates().empty()) {
        std::set<std::string> old;
        for (const auto& g : os.scheduling_gates()) old.insert(g.name());
        std::map<std::string, int> added;
        for (int i = 0; i < ns.scheduling_gates_size(); ++i)
            if (!old.count(ns.scheduling_gates(i).name())) added[ns.scheduling_gates(i).name()] = i;
        std::vector<std::pair<int, std::string>> ordered;
        for (const auto& [name, i] : added) ordered.push_back({i, name});
        std::sort(ordered.begin(), ordered.end());
        for (const auto& [i, name] : ordered)
            errs.push_back(forbidden(child(index(child(specPath, "schedulingGates"), i), "name"),
                                     "only deletion is allowed, but found new scheduling gate '" + name + "'"));
    }
    if (semanticEqual(ns, os)) return errs;

    core::PodSpec munged = ns;
    for (int i = 0; i < munged.containers_size(); ++i) munged.mutable_containers(i)->set_image(os.containers(i).image());
    for (int i = 0; i < munged.init_containers_size(); ++i)
        munged.mutable_init_containers(i)->set_image(os.init_containers(i).image());
    if (os.has_active_deadline_seconds()) munged.set_active_deadline_seconds(os.active_deadline_seconds());
    else munged.clear_active_deadline_seconds();
    *munged.mutable_scheduling_gates() = os.scheduling_gates();
    *munged.mutable_tolerations() = os.tolerations();
    if (os.has_termination_grace_period_seconds() && os.termination_grace_period_seconds() < 0 &&
        munged.has_termination_grace_period_seconds() && munged.termination_grace_period_seconds() == 1)
        munged.set_termination_grace_period_seconds(os.termination_grace_period_seconds());
    // Gated pods may gain nodeSelector entries and node affinity requirements.
    if (opts.allowMutableNodeSelectorAndNodeAffinity && !os.scheduling_gates().empty()) {
        bool selectorChanged = munged.node_selector().size() != os.node_selector().size();
        for (const auto& [k, v] : os.node_selector()) {
            auto it = munged.node_selector().find(k);
            if (it == munged.node_selector().end() || it->second != v) selectorChanged = true;
        }
        if (selectorChanged) {
            for (const auto& [k, v] : os.node_selector()) {
                auto it = munged.node_selector().find(k);
                if (it == munged.node_selector().end() || it->second != v) {
                    errs.push_back(invalid(child(specPath, "nodeSelector"), goStringMap(munged.node_selector()),
                                           "only additions to spec.nodeSelector are allowed (no mutations or deletions)"));
                    break;
                }
            }
            *munged.mutable_node_selector() = os.node_selector();
        }
        const auto& oldNA = os.affinity().node_affinity();
        const auto& newNA = munged.affinity().node_affinity();
        if (!semanticEqual(oldNA, newNA) || os.affinity().has_node_affinity() != munged.affinity().has_node_affinity()) {
            const std::string nap = child(child(specPath, "affinity"), "nodeAffinity");
            if (os.has_affinity() && oldNA.has_required_during_scheduling_ignored_during_execution()) {
                const auto& oldTerms = oldNA.required_during_scheduling_ignored_during_execution().node_selector_terms();
                const auto& newTerms = newNA.required_during_scheduling_ignored_during_execution().node_selector_terms();
                const std::string tp = child(child(nap, "requiredDuringSchedulingIgnoredDuringExecution"), "nodeSelectorTerms");
                if (!oldTerms.empty() && oldTerms.size() != newTerms.size()) {
                    errs.push_back(invalid(tp, goPointer("[]core.NodeSelectorTerm"),
                                           "no additions/deletions to non-empty NodeSelectorTerms list are allowed"));
                } else {
                    for (int i = 0; i < oldTerms.size(); ++i) {
                        const auto& o = oldTerms.Get(i);
                        const auto& n = newTerms.Get(i);
                        bool ok = true;
                        if (o.match_expressions().empty() && o.match_fields().empty() &&
                            (!n.match_expressions().empty() || !n.match_fields().empty()))
                            ok = false;
                        if (n.match_expressions_size() < o.match_expressions_size()) ok = false;
                        else
                            for (int k = 0; k < o.match_expressions_size(); ++k)
                                ok = ok && semanticEqual(o.match_expressions(k), n.match_expressions(k));
                        if (n.match_fields_size() < o.match_fields_size()) ok = false;
                        else
                            for (int k = 0; k < o.match_fields_size(); ++k)
                                ok = ok && semanticEqual(o.match_fields(k), n.match_fields(k));
                        if (!ok)
                            errs.push_back(invalid(index(tp, i), goPointer("core.NodeSelectorTerm"),
                                                   "only additions are allowed (no mutations or deletions)"));
                    }
                }
            }
            if (!munged.has_affinity() && !os.affinity().has_node_affinity()) {
                // already effectively nil
            } else if (!munged.has_affinity()) {
                *munged.mutable_affinity()->mutable_node_affinity() = oldNA;
            } else if (!os.has_affinity() && !munged.affinity().has_pod_affinity() &&
                       !munged.affinity().has_pod_anti_affinity()) {
                munged.clear_affinity();
            } else if (os.affinity().has_node_affinity()) {
                *munged.mutable_affinity()->mutable_node_affinity() = oldNA;
            } else {
                munged.mutable_affinity()->clear_node_affinity();
            }
        }
    }
    if (!semanticEqual(munged, os)) {
        errs.push_back(forbidden(
            specPath,
            "pod updates may not change fields other than `spec.containers[*].image`,"
            "`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,"
            "`spec.tolerations` (only additions to existing tolerations),"
            "`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n" +
                diffMessages(os, munged, "core.PodSpec")));
    }
    return errs;
}

ErrorList validatePodStatusUpdate(const core::Pod& newPod, const core::Pod& oldPod) {
    const auto opts = podValidationOptions(&newPod.spec(), &oldPod.spec(), &oldPod.metadata(), true);
    const std::string meta = "metadata";
    ErrorList errs = validateObjectMetaUpdate(newPod.metadata(), oldPod.metadata(), meta);
    append(errs, validatePodSpecificAnnotationUpdates(newPod, oldPod, child(meta, "annotations"), opts));
    // validatePodConditions (upstream reports these under metadata.conditions).
    static const std::set<std::string> systemConditions = {"PodScheduled", "Ready", "Initialized"};
    for (int i = 0; i < newPod.status().conditions_size(); ++i) {
        const std::string& t = newPod.status().conditions(i).type();
        if (systemConditions.count(t)) continue;
        append(errs, validateQualifiedName(t, child(index(child(meta, "conditions"), i), "Type")));
    }
    const std::string status = "status";
    if (newPod.spec().node_name() != oldPod.spec().node_name())
        errs.push_back(forbidden(child(status, "nodeName"), "may not be changed directly"));
    const std::string& nominated = newPod.status().nominated_node_name();
    if (nominated != oldPod.status().nominated_node_name() && !nominated.empty())
        for (const auto& m : nameIsDNSSubdomain(nominated, false))
            errs.push_back(invalid(child(status, "nominatedNodeName"), quote(nominated), m));
    auto transitions = [&](const RepeatedPtrField<core::ContainerStatus>& n, const RepeatedPtrField<core::ContainerStatus>& o,
                           const std::string& path, const std::string& restartPolicy) {
        if (restartPolicy == "Always") return;
        for (int i = 0; i < o.size(); ++i) {
            const auto& old = o.Get(i);
            if (!old.state().has_terminated()) continue;
            if (old.state().terminated().exit_code() != 0 && restartPolicy == "OnFailure") continue;
            for (const auto& ns : n)
                if (ns.name() == old.name() && !ns.state().has_terminated())
                    errs.push_back(forbidden(child(index(path, i), "state"), "may not be transitioned to non-terminated state"));
        }
    };
    transitions(newPod.status().container_statuses(), oldPod.status().container_statuses(),
                child(status, "containerStatuses"), oldPod.spec().restart_policy());
    transitions(newPod.status().init_container_statuses(), oldPod.status().init_container_statuses(),
                child(status, "initContainerStatuses"), oldPod.spec().restart_policy());
    // validatePodIPs
    const std::string ipsPath = child(status, "podIPs");
    const auto& ips = newPod.status().pod_ips();
    for (int i = 0; i < ips.size(); ++i)
        for (const auto& m : isValidIP(ips.Get(i).ip())) errs.push_back(invalid(index(ipsPath, i), quote(ips.Get(i).ip()), m));
    if (ips.size() > 1) {
        bool allValid = true;
        int v4 = 0, v6 = 0;
        for (const auto& ip : ips) {
            bool isV6 = false;
            if (!parseIPSloppy(ip.ip(), &isV6)) allValid = false;
            else (isIPv6(ip.ip()) ? v6 : v4)++;
        }
        std::string rendered = "[]core.PodIP{";
        for (int i = 0; i < ips.size(); ++i) rendered += std::string(i ? ", " : "") + "core.PodIP{IP:" + quote(ips.Get(i).ip()) + "}";
        rendered += "}";
        if (!allValid)
            errs.push_back(FieldError{ErrorType::Internal, ipsPath, "null", true,
                                      "failed to check for dual stack with error:invalid IP"});
        if (!allValid || v4 == 0 || v6 == 0 || ips.size() > 2)
            errs.push_back(invalid(ipsPath, rendered, "may specify no more than one IP for each IP family"));
        std::set<std::string> seen;
        for (int i = 0; i < ips.size(); ++i)
            if (!seen.insert(ips.Get(i).ip()).second)
                errs.push_back(duplicate(index(ipsPath, i), "core.PodIP{IP:" + quote(ips.Get(i).ip()) + "}"));
    }
    return errs;
}

ErrorList validatePodBinding(const core::Binding& binding) {
    ErrorList errs;
    if (!binding.target().kind().empty() && binding.target().kind() != "Node")
        errs.push_back(notSupported("target.kind", quote(binding.target().kind()), {"Node", "<empty>"}));
    if (binding.target().name().empty()) errs.push_back(required("target.name", ""));
    return errs;
}

}  // namespace pilothouse::apiserver::validation
