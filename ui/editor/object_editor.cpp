#include "editor/object_editor.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/object.h"
#include "api/scheme.h"
#include "apiserver/patch.h"
#include "core_v1.pb.h"
#include "editor/new_object.h"
#include "editor/object_form.h"
#include "editor/yaml_view.h"
#include "models/cluster_state.h"
#include "models/timeline.h"
#include "policy_v1.pb.h"
#include "theme/theme.h"

namespace pilothouse::ui::editor {

using codec::Value;

namespace {

const api::ResourceType* typeOf(const QString& resource) {
    return api::Scheme::instance().byName(resource.toStdString());
}

QString shown(const api::ResourceType& type, const QString& name) {
    const std::string prefix = type.group.empty() ? type.singular : type.singular + "." + type.group;
    return QString::fromStdString(prefix) + QLatin1Char('/') + name;
}

// A decoding error "spec.containers[0].image: ..." as a cause at that field.
Status withFieldCause(const Status& error) {
    if (!error.causes().empty()) return error;
    const std::string& m = error.message();
    const size_t colon = m.find(": ");
    Status out = error;
    if (colon != std::string::npos && m.find(' ') >= colon) out.addCause({"FieldValueInvalid", m.substr(colon + 2), m.substr(0, colon)});
    return out;
}

}  // namespace

ObjectEditor::ObjectEditor(ControlPlaneClient* client, ClusterState* state, SelectionModel* selection,
                           Timeline* timeline, QWidget* parent)
    : QWidget(parent), client_(client), state_(state), selection_(selection), timeline_(timeline),
      draft_(new ObjectDraft(this)) {
    build();
    connect(selection_, &SelectionModel::selectionChanged, this, &ObjectEditor::onSelection);
    connect(state_, &ClusterState::changed, this, &ObjectEditor::onObjectChanged);
    connect(state_, &ClusterState::reset, this, [this](const QString& resource) {
        if (resource == ref_.resource && !draft_->isDirty()) loadFromState();
        updateState();
    });
    connect(timeline_, &Timeline::viewChanged, this, &ObjectEditor::updateState);
    connect(draft_, &ObjectDraft::changed, this, &ObjectEditor::updateState);
    if (!selection_->selected().isNull()) open(selection_->selected());
    updateState();
}

void ObjectEditor::build() {
    auto* layout = new QVBoxLayout(this);
    auto* header = new QHBoxLayout;
    title_ = new QLabel(this);
    title_->setObjectName(QStringLiteral("editorTitle"));
    title_->setFont(theme::font(13, true));
    header->addWidget(title_, 1);
    new_ = new QPushButton(tr("New"), this);
    auto* menu = new QMenu(new_);
    for (const QString& kind : newObjectKinds())
        menu->addAction(kind, this, [this, kind] { startNew(kind); });
    new_->setMenu(menu);
    header->addWidget(new_);
    layout->addLayout(header);
    state_label_ = new QLabel(this);
    state_label_->setObjectName(QStringLiteral("editorState"));
    state_label_->setWordWrap(true);
    layout->addWidget(state_label_);

    conflict_ = new QFrame(this);
    conflict_->setObjectName(QStringLiteral("conflict"));
    conflict_->setFrameShape(QFrame::StyledPanel);
    conflict_->setStyleSheet(QStringLiteral("#conflict { border: 2px solid %1; border-radius: 4px; }").arg(theme::warning().name()));
    auto* conflictLayout = new QVBoxLayout(conflict_);
    conflictText_ = new QLabel(conflict_);
    conflictText_->setWordWrap(true);
    conflictLayout->addWidget(conflictText_);
    auto* conflictButtons = new QHBoxLayout;
    auto* reload = new QPushButton(tr("Reload (discard my edits)"), conflict_);
    reload->setObjectName(QStringLiteral("conflictReload"));
    auto* merge = new QPushButton(tr("Merge my edits onto the latest"), conflict_);
    merge->setObjectName(QStringLiteral("conflictMerge"));
    conflictButtons->addWidget(reload);
    conflictButtons->addWidget(merge);
    conflictButtons->addStretch();
    conflictLayout->addLayout(conflictButtons);
    connect(reload, &QPushButton::clicked, this, &ObjectEditor::reload);
    connect(merge, &QPushButton::clicked, this, &ObjectEditor::merge);
    conflict_->hide();
    layout->addWidget(conflict_);

    tabs_ = new QTabWidget(this);
    form_ = new ObjectForm(draft_, tabs_);
    yaml_ = new YamlView(draft_, tabs_);
    tabs_->addTab(form_, tr("Form"));
    tabs_->addTab(yaml_, tr("YAML"));
    connect(tabs_, &QTabWidget::currentChanged, this, [this](int index) {
        // Leaving the YAML view reads what was typed (the form then shows it).
        if (index != 1) yaml_->commit();
    });
    layout->addWidget(tabs_, 1);

    auto button = [this](const QString& text, const char* name, QWidget* parent, QLayout* into) {
        auto* b = new QPushButton(text, parent);
        b->setObjectName(QLatin1String(name));
        into->addWidget(b);
        return b;
    };
    nodeActions_ = new QWidget(this);
    auto* nodeRow = new QHBoxLayout(nodeActions_);
    nodeRow->setContentsMargins(0, 0, 0, 0);
    cordon_ = button(tr("Cordon"), "cordon", nodeActions_, nodeRow);
    drain_ = button(tr("Drain"), "drain", nodeActions_, nodeRow);
    drain_->setToolTip(tr("kubectl drain --ignore-daemonsets --delete-emptydir-data --force: cordon the node, then evict its pods"));
    fail_ = button(tr("Fail node"), "failNode", nodeActions_, nodeRow);
    fail_->setToolTip(tr("The machine stops: its kubelet posts no more status (the node lifecycle controller notices)"));
    recover_ = button(tr("Recover node"), "recoverNode", nodeActions_, nodeRow);
    nodeRow->addStretch();
    layout->addWidget(nodeActions_);
    connect(cordon_, &QPushButton::clicked, this, [this] {
        const Value* u = FieldPath::parse("spec.unschedulable").find(draft_->original());
        cordon(!(u && u->isBool() && u->asBool()));
    });
    connect(drain_, &QPushButton::clicked, this, &ObjectEditor::drain);
    connect(fail_, &QPushButton::clicked, this, &ObjectEditor::failNode);
    connect(recover_, &QPushButton::clicked, this, &ObjectEditor::recoverNode);

    podActions_ = new QWidget(this);
    auto* podRow = new QHBoxLayout(podActions_);
    podRow->setContentsMargins(0, 0, 0, 0);
    evict_ = button(tr("Evict"), "evict", podActions_, podRow);
    replace_ = button(tr("Replace"), "replace", podActions_, podRow);
    replace_->setToolTip(tr("kubectl replace --force: delete the pod, then create it as edited (most of a pod's spec cannot be updated)"));
    owner_ = button(tr("Edit owner"), "editOwner", podActions_, podRow);
    owner_->setToolTip(tr("Open the Deployment or ReplicaSet that made this pod (scale it, roll out a new image)"));
    podRow->addStretch();
    layout->addWidget(podActions_);
    connect(evict_, &QPushButton::clicked, this, &ObjectEditor::evict);
    connect(replace_, &QPushButton::clicked, this, &ObjectEditor::replace);
    connect(owner_, &QPushButton::clicked, this, &ObjectEditor::editOwner);

    auto* buttons = new QHBoxLayout;
    apply_ = button(tr("Apply"), "apply", this, buttons);
    apply_->setDefault(true);
    dryRun_ = button(tr("Dry run"), "dryRun", this, buttons);
    revert_ = button(tr("Revert"), "revert", this, buttons);
    buttons->addStretch();
    delete_ = button(tr("Delete"), "delete", this, buttons);
    layout->addLayout(buttons);
    connect(apply_, &QPushButton::clicked, this, &ObjectEditor::apply);
    connect(dryRun_, &QPushButton::clicked, this, &ObjectEditor::dryRun);
    connect(revert_, &QPushButton::clicked, this, &ObjectEditor::revert);
    connect(delete_, &QPushButton::clicked, this, &ObjectEditor::deleteObject);

    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("editorStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);
}

QString ObjectEditor::statusText() const { return status_->text(); }
bool ObjectEditor::inConflict() const { return !conflict_->isHidden(); }
bool ObjectEditor::writable() const { return draft_->isLoaded() && timeline_->live() && !busy_; }

QString ObjectEditor::shownName() const {
    if (!draft_->type()) return {};
    return shown(*draft_->type(), draft_->name());
}

void ObjectEditor::updateState() {
    const bool loaded = draft_->isLoaded();
    const bool live = timeline_->live();
    const std::string kind = loaded ? draft_->type()->kind : "";
    if (!loaded) {
        title_->setText(tr("Nothing to edit"));
    } else {
        const QString where = draft_->namespace_().isEmpty() ? QString() : draft_->namespace_() + QLatin1Char('/');
        title_->setText((draft_->isNew() ? tr("New %1 %2") : tr("%1 %2"))
                            .arg(QString::fromStdString(kind), where + draft_->name()));
    }
    QString state;
    if (loaded && !live) state = tr("Read-only: the views show a past moment. Go Live to edit.");
    else if (deleted_) state = tr("This object was deleted.");
    else if (changedUnderneath_ && draft_->isDirty()) state = tr("The object changed since you opened it (applying will report a Conflict).");
    else if (loaded && draft_->isNew()) state = tr("Not created yet: Apply creates it.");
    else if (loaded && draft_->isDirty()) state = tr("Unsaved changes (resourceVersion %1).").arg(draft_->resourceVersion());
    else if (loaded) state = tr("As stored (resourceVersion %1).").arg(draft_->resourceVersion());
    // What a pod is doing, beside what the editor holds.
    if (const Value* phase = kind == "Pod" ? FieldPath::parse("status.phase").find(draft_->original()) : nullptr;
        phase && phase->isString()) {
        const Value* node = FieldPath::parse("spec.nodeName").find(draft_->original());
        state += QStringLiteral("  ·  ") +
                 (node && node->isString() && !node->asString().empty()
                      ? tr("%1 on %2").arg(QString::fromStdString(phase->asString()), QString::fromStdString(node->asString()))
                      : tr("%1, not scheduled").arg(QString::fromStdString(phase->asString())));
    }
    state_label_->setText(state);
    const bool can = writable() && !deleted_;
    form_->setReadOnly(!can);
    yaml_->setReadOnly(!can);
    apply_->setEnabled(can && draft_->isDirty());
    dryRun_->setEnabled(can);
    revert_->setEnabled(loaded && !busy_ && draft_->isDirty());
    delete_->setEnabled(can && !draft_->isNew());
    new_->setEnabled(live && !busy_);
    nodeActions_->setVisible(kind == "Node" && !draft_->isNew());
    podActions_->setVisible(kind == "Pod" && !draft_->isNew());
    // What the user's RBAC lets them send (the first refusal of what a button needs).
    const QString resource = loaded ? QString::fromStdString(draft_->type()->resource) : QString();
    const QString ns = draft_->namespace_();
    const bool existing = loaded && !draft_->isNew();
    const QString write = denied(existing ? Action::PatchObject : Action::CreateObject, resource, ns);
    // Said where it is read, not only in the buttons' tooltips.
    if (can && !write.isEmpty()) state_label_->setText(state + QLatin1Char('\n') + forbiddenText(write));
    showPermission(apply_, can && draft_->isDirty(), write);
    showPermission(dryRun_, can, write);
    showPermission(delete_, can && existing, denied(Action::DeleteObject, resource, ns));
    const QString patchNode = denied(Action::PatchObject, QStringLiteral("nodes"), {});
    showPermission(cordon_, can && existing, patchNode);
    // Drain evicts the node's pods whatever their namespace.
    showPermission(drain_, can && existing,
                   patchNode.isEmpty() ? denied(Action::EvictPod, QStringLiteral("pods"), {}) : patchNode);
    const QString simulation = denied(Action::ChangeSimulation, {}, {});
    for (QPushButton* b : {fail_, recover_}) showPermission(b, can && existing, simulation);
    showPermission(evict_, can && existing, denied(Action::EvictPod, QStringLiteral("pods"), ns));
    const QString deletePod = denied(Action::DeleteObject, QStringLiteral("pods"), ns);
    showPermission(replace_, can && existing,
                   deletePod.isEmpty() ? denied(Action::CreateObject, QStringLiteral("pods"), ns) : deletePod);
    if (kind == "Node") {
        const Value* u = FieldPath::parse("spec.unschedulable").find(draft_->original());
        cordon_->setText(u && u->isBool() && u->asBool() ? tr("Uncordon") : tr("Cordon"));
    }
    if (kind == "Pod") {
        const Value* owners = FieldPath::parse("metadata.ownerReferences").find(draft_->original());
        owner_->setEnabled(!busy_ && owners && owners->isArray() && owners->size() > 0);
    }
}

void ObjectEditor::onSelection(const ObjectRef& ref) {
    // Unsaved edits are kept: the editor stays on their object until they are applied or reverted.
    if (draft_->isDirty() || ref.isNull()) return;
    open(ref);
}

void ObjectEditor::open(const ObjectRef& ref) {
    ref_ = ref;
    deleted_ = false;
    changedUnderneath_ = false;
    conflict_->hide();
    status_->clear();
    if (state_->resources().contains(ref.resource)) {
        loadFromState();
        return;
    }
    const api::ResourceType* type = typeOf(ref.resource);
    if (!type) return fail(Status(StatusCode::NotFound, "unknown resource \"" + ref.resource.toStdString() + "\""));
    ApiRequest get;
    get.verb = QStringLiteral("get");
    get.resource = ref.resource;
    get.namespace_ = ref.namespace_;
    get.name = ref.name;
    send(get, [this, type](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        draft_->load(*r.object, *type);
        finish(true, {});
    });
}

void ObjectEditor::loadFromState() {
    const api::ResourceType* type = typeOf(ref_.resource);
    ObjectPtr object = state_->object(ref_);
    if (!type || !object) {
        if (draft_->isLoaded() && !draft_->isNew()) deleted_ = true;
        updateState();
        return;
    }
    deleted_ = false;
    changedUnderneath_ = false;
    draft_->load(*object, *type);
}

void ObjectEditor::onObjectChanged(const QString& resource, const QString& key, const ObjectPtr& object) {
    if (resource != ref_.resource || key != ref_.key() || draft_->isNew()) return;
    if (!object) {
        deleted_ = true;
    } else if (!draft_->isDirty() && !busy_) {
        loadFromState();
    } else if (QString::fromStdString(api::metadata(*object).resource_version()) != draft_->resourceVersion()) {
        changedUnderneath_ = true;
    }
    updateState();
}

void ObjectEditor::startNew(const QString& kind) {
    const api::ResourceType* type = api::Scheme::instance().byKindOnly(kind.toStdString());
    if (!type) return;
    QStringList taken;
    if (state_->resources().contains(QString::fromStdString(type->resource)))
        for (const auto& [k, o] : state_->objects(QString::fromStdString(type->resource)).asKeyValueRange())
            taken << QString::fromStdString(api::metadata(*o).name());
    ref_ = {};
    deleted_ = changedUnderneath_ = false;
    conflict_->hide();
    status_->clear();
    draft_->startNew(*type, newObject(type->kind, taken));
    tabs_->setCurrentIndex(0);
}

void ObjectEditor::setAccessReview(AccessReview* access) {
    if (access_) disconnect(access_, nullptr, this, nullptr);
    access_ = access;
    if (access_) connect(access_, &AccessReview::changed, this, &ObjectEditor::updateState);
    updateState();
}

QString ObjectEditor::denied(Action action, const QString& resource, const QString& namespace_) const {
    if (!access_ || (resource.isEmpty() && action != Action::ChangeSimulation)) return {};
    return access_->deniedReason(action, resource, namespace_);
}

ApiRequest ObjectEditor::request(const QString& verb) const {
    ApiRequest r;
    r.verb = verb;
    r.resource = QString::fromStdString(draft_->type()->resource);
    r.namespace_ = draft_->namespace_();
    r.name = draft_->name();
    return r;
}

void ObjectEditor::send(ApiRequest request, std::function<void(const ApiResult&)> done) {
    busy_ = true;
    updateState();
    client_->send(request, this, [this, done = std::move(done)](const ApiResult& r) {
        busy_ = false;
        done(r);
        updateState();
    });
}

void ObjectEditor::finish(bool ok, const QString& message) {
    status_->setText(message);
    status_->setStyleSheet(ok ? QString() : QStringLiteral("color: %1;").arg(theme::failure().name()));
    updateState();
    emit finished(ok);
}

void ObjectEditor::fail(const Status& status, const QString& context) {
    if (status.reason() == "Conflict") return showConflict(status);
    draft_->setError(withFieldCause(status));
    finish(false, context + QString::fromStdString(status.message()));
}

void ObjectEditor::showConflict(const Status& status) {
    conflictText_->setText(tr("Conflict: %1\nReload to start again from the latest version, or merge your edits onto it "
                              "and check them before applying again.")
                               .arg(QString::fromStdString(status.message())));
    conflict_->show();
    finish(false, QString::fromStdString(status.message()));
}

void ObjectEditor::apply() { sendApply(false); }
void ObjectEditor::dryRun() { sendApply(true); }

void ObjectEditor::sendApply(bool dryRun) {
    if (!writable()) return;
    if (tabs_->currentIndex() == 1) {
        if (Status st = yaml_->commit(); !st.isOk()) return finish(false, QString::fromStdString(st.message()));
    }
    draft_->clearError();
    // What the editor reports after a write is what kubectl prints, verbatim (not translated), here
    // and in cordon, drain, evict and replace.
    const QString suffix = dryRun ? QStringLiteral(" (server dry run)") : QString();
    if (draft_->isNew()) {
        auto object = draft_->decoded();
        if (!object) return fail(object.status());
        ApiRequest create = request(QStringLiteral("create"));
        create.name.clear();
        create.body = *object;
        create.dryRun = dryRun;
        send(create, [this, dryRun, suffix](const ApiResult& r) {
            if (!r.ok()) return fail(r.status);
            const QString name = shown(*draft_->type(), QString::fromStdString(api::metadata(*r.object).name()));
            if (!dryRun) {
                const api::ResourceType* type = draft_->type();
                ref_ = {QString::fromStdString(type->resource), QString::fromStdString(api::metadata(*r.object).namespace_()),
                        QString::fromStdString(api::metadata(*r.object).name())};
                draft_->load(*r.object, *type);
                selection_->select(ref_);
            }
            finish(true, name + QStringLiteral(" created") + suffix);
        });
        return;
    }
    // The object itself, then its status: each with the resourceVersion it follows.
    const Value spec = draft_->specPatch();
    const Value status = draft_->statusPatch();
    if (spec.size() == 0 && status.size() == 0) return finish(true, shownName() + QStringLiteral(" unchanged") + suffix);
    auto sendStatus = [this, status, dryRun, suffix](const QString& resourceVersion) {
        if (status.size() == 0) return false;
        ApiRequest patch = request(QStringLiteral("patch"));
        patch.subresource = QStringLiteral("status");
        patch.patch = status;
        patch.patch["metadata"].set("resourceVersion", Value(resourceVersion.toStdString()));
        patch.dryRun = dryRun;
        send(patch, [this, dryRun, suffix](const ApiResult& r) {
            if (!r.ok()) return fail(r.status, QStringLiteral("status: "));
            if (!dryRun) draft_->load(*r.object, *draft_->type());
            finish(true, shownName() + QStringLiteral(" edited") + suffix);
        });
        return true;
    };
    if (spec.size() == 0) {
        sendStatus(draft_->resourceVersion());
        return;
    }
    ApiRequest patch = request(QStringLiteral("patch"));
    patch.patch = spec;
    patch.dryRun = dryRun;
    send(patch, [this, dryRun, suffix, sendStatus](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        // A dry run's status patch follows the stored version (nothing new was stored).
        const QString version = dryRun ? draft_->resourceVersion() : QString::fromStdString(api::metadata(*r.object).resource_version());
        if (sendStatus(version)) return;
        if (!dryRun) draft_->load(*r.object, *draft_->type());
        finish(true, shownName() + QStringLiteral(" edited") + suffix);
    });
}

void ObjectEditor::revert() {
    conflict_->hide();
    status_->clear();
    if (draft_->isNew()) {
        draft_->clear();
        if (!selection_->selected().isNull()) open(selection_->selected());
        updateState();
        return;
    }
    if (ref_.isNull()) return;
    open(ref_);
}

void ObjectEditor::fetchLatest(std::function<void(const ObjectPtr&)> then) {
    ApiRequest get = request(QStringLiteral("get"));
    send(get, [this, then = std::move(then)](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        then(r.object);
    });
}

void ObjectEditor::reload() {
    if (!draft_->isLoaded() || draft_->isNew()) return;
    fetchLatest([this](const ObjectPtr& latest) {
        conflict_->hide();
        changedUnderneath_ = false;
        draft_->load(*latest, *draft_->type());
        finish(true, tr("Reloaded: resourceVersion %1").arg(draft_->resourceVersion()));
    });
}

void ObjectEditor::merge() {
    if (!draft_->isLoaded() || draft_->isNew()) return;
    // My edits as a patch from what I started from, applied onto the latest version.
    const Value mine = apiserver::createMergePatch(draft_->original(), draft_->value());
    fetchLatest([this, mine](const ObjectPtr& latest) {
        conflict_->hide();
        changedUnderneath_ = false;
        draft_->load(*latest, *draft_->type());
        const QString version = draft_->resourceVersion();
        Value merged = apiserver::applyMergePatch(draft_->value(), mine);
        merged["metadata"].set("resourceVersion", Value(version.toStdString()));
        draft_->setYaml(QString::fromStdString(codec::toYaml(merged)));
        finish(true, tr("Your edits were merged onto resourceVersion %1: check them, then Apply.").arg(version));
    });
}

void ObjectEditor::deleteObject() {
    if (!writable() || draft_->isNew()) return;
    if (confirmDeletes_ &&
        QMessageBox::question(this, tr("Delete"), tr("Delete %1?").arg(shownName())) != QMessageBox::Yes)
        return;
    ApiRequest del = request(QStringLiteral("delete"));
    const QString name = shownName();
    send(del, [this, name](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        finish(true, name + QStringLiteral(" deleted"));
    });
}

void ObjectEditor::cordon(bool unschedulable) {
    if (!writable() || draft_->type()->kind != "Node") return;
    // kubectl cordon: a patch of spec.unschedulable, without a resourceVersion.
    ApiRequest patch = request(QStringLiteral("patch"));
    patch.patch = Value::object();
    patch.patch["spec"].set("unschedulable", unschedulable ? Value(true) : Value());
    const QString name = shownName();
    send(patch, [this, name, unschedulable](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        if (!draft_->isDirty()) draft_->load(*r.object, *draft_->type());
        finish(true, name + (unschedulable ? QStringLiteral(" cordoned") : QStringLiteral(" uncordoned")));
    });
}

void ObjectEditor::drain() {
    if (!writable() || draft_->type()->kind != "Node") return;
    const std::string node = draft_->name().toStdString();
    // The pods kubectl drain evicts: those on the node except DaemonSet-managed and mirror pods,
    // and those that finished.
    QStringList ignored;
    std::vector<std::pair<QString, QString>> pods;  // namespace, name
    for (const auto& [key, object] : state_->objects(QStringLiteral("pods")).asKeyValueRange()) {
        const auto* pod = dynamic_cast<const k8s::io::api::core::v1::Pod*>(object.get());
        if (!pod || pod->spec().node_name() != node) continue;
        if (pod->status().phase() == "Succeeded" || pod->status().phase() == "Failed") continue;
        if (pod->metadata().annotations().contains("kubernetes.io/config.mirror")) continue;
        bool daemon = false;
        for (const auto& o : pod->metadata().owner_references()) daemon = daemon || (o.controller() && o.kind() == "DaemonSet");
        if (daemon) {
            ignored << key;
            continue;
        }
        pods.emplace_back(QString::fromStdString(pod->metadata().namespace_()), QString::fromStdString(pod->metadata().name()));
    }
    std::sort(pods.begin(), pods.end());
    std::sort(ignored.begin(), ignored.end());
    // What kubectl prints, line by line, shared by the steps below.
    auto lines = std::make_shared<QStringList>();
    auto allOk = std::make_shared<bool>(true);
    const QString nodeName = shownName();
    ApiRequest patch = request(QStringLiteral("patch"));
    patch.patch = Value::object();
    patch.patch["spec"].set("unschedulable", Value(true));
    send(patch, [this, pods, ignored, nodeName, lines, allOk](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        *lines << nodeName + QStringLiteral(" cordoned");
        if (!ignored.isEmpty()) *lines << QStringLiteral("Warning: ignoring DaemonSet-managed Pods: %1").arg(ignored.join(QStringLiteral(", ")));
        // One eviction after the other (kubectl sends them in parallel; here in name order, so a
        // replay is the same).
        // Each step holds the chain only through the request in flight (no cycle).
        auto next = std::make_shared<std::function<void(size_t)>>();
        *next = [this, pods, lines, allOk, nodeName, weak = std::weak_ptr(next)](size_t i) {
            if (i == pods.size()) {
                if (*allOk) *lines << nodeName + QStringLiteral(" drained");
                else *lines << QStringLiteral("error: unable to drain node \"%1\": some pods could not be evicted; drain again to retry").arg(draft_->name());
                return finish(*allOk, lines->join(QLatin1Char('\n')));
            }
            const auto& [ns, name] = pods[i];
            *lines << QStringLiteral("evicting pod %1/%2").arg(ns, name);
            ApiRequest evict;
            evict.verb = QStringLiteral("create");
            evict.resource = QStringLiteral("pods");
            evict.namespace_ = ns;
            evict.name = name;
            evict.subresource = QStringLiteral("eviction");
            auto body = std::make_shared<k8s::io::api::policy::v1::Eviction>();
            body->mutable_metadata()->set_name(name.toStdString());
            body->mutable_metadata()->set_namespace_(ns.toStdString());
            evict.body = body;
            send(evict, [i, ns, name, next = weak.lock(), lines, allOk](const ApiResult& r) {
                if (r.ok()) {
                    *lines << QStringLiteral("pod/%1 evicted").arg(name);
                } else {
                    *lines << QStringLiteral("error when evicting pods/\"%1\" -n \"%2\": %3").arg(name, ns, QString::fromStdString(r.status.message()));
                    *allOk = false;
                }
                (*next)(i + 1);
            });
        };
        (*next)(0);
    });
}

void ObjectEditor::failNode() {
    controlNode(ControlPlaneClient::NodeControl::Fail, tr("node/%1 failed: its kubelet stopped"));
}

void ObjectEditor::recoverNode() {
    controlNode(ControlPlaneClient::NodeControl::Recover, tr("node/%1 recovered: its kubelet runs again"));
}

void ObjectEditor::controlNode(ControlPlaneClient::NodeControl control, const QString& done) {
    if (!writable() || draft_->type()->kind != "Node") return;
    busy_ = true;
    const QString name = draft_->name();
    client_->controlNode(control, name, this, [this, name, done](const Status& st) {
        busy_ = false;
        if (!st.isOk()) return fail(st);
        finish(true, done.arg(name));
    });
}

void ObjectEditor::evict() {
    if (!writable() || draft_->type()->kind != "Pod") return;
    ApiRequest evict = request(QStringLiteral("create"));
    evict.subresource = QStringLiteral("eviction");
    auto body = std::make_shared<k8s::io::api::policy::v1::Eviction>();
    body->mutable_metadata()->set_name(draft_->name().toStdString());
    body->mutable_metadata()->set_namespace_(draft_->namespace_().toStdString());
    evict.body = body;
    const QString name = draft_->name();
    send(evict, [this, name](const ApiResult& r) {
        if (!r.ok()) return fail(r.status);
        finish(true, QStringLiteral("pod/%1 evicted").arg(name));
    });
}

void ObjectEditor::replace() {
    if (!writable() || draft_->type()->kind != "Pod") return;
    if (tabs_->currentIndex() == 1)
        if (Status st = yaml_->commit(); !st.isOk()) return finish(false, QString::fromStdString(st.message()));
    // The pod as edited, as a new object: what the server set on the old one goes, and the node it
    // was bound to too (unless the edit chose a node).
    Value object = draft_->value();
    for (const char* field : {"uid", "resourceVersion", "creationTimestamp", "managedFields", "generation", "deletionTimestamp"})
        object["metadata"].erase(field);
    object.erase("status");
    const Value* before = FieldPath::parse("spec.nodeName").find(draft_->original());
    const Value* after = FieldPath::parse("spec.nodeName").find(object);
    if (before && after && *before == *after) object["spec"].erase("nodeName");
    std::vector<std::string> warnings;
    auto decoded = codec::decodeObject(object, *draft_->type(), &warnings);
    if (!decoded) return fail(decoded.status());
    draft_->clearError();
    ObjectPtr body(std::move(*decoded));
    // Validated first (a dry-run create would clash with the pod itself: the update rules are not
    // the point), so a bad edit does not cost the running pod.
    ApiRequest check = request(QStringLiteral("create"));
    check.name.clear();
    check.dryRun = true;
    auto renamed = std::shared_ptr<google::protobuf::Message>(body->New());
    renamed->CopyFrom(*body);
    api::mutableMetadata(renamed.get())->set_name(draft_->name().toStdString() + "-replace-check");
    check.body = renamed;
    const QString name = draft_->name();
    send(check, [this, body, name](const ApiResult& checked) {
        if (!checked.ok()) {
            // Report the error for the pod's own name.
            Status st = checked.status;
            return fail(Status(st.code(), QString::fromStdString(st.message()).replace(name + QStringLiteral("-replace-check"), name).toStdString())
                            .setReason(st.reason(), st.httpCode()), {});
        }
        ApiRequest del = request(QStringLiteral("delete"));
        del.gracePeriodSeconds = 0;
        send(del, [this, body, name](const ApiResult& r) {
            if (!r.ok() && r.status.reason() != "NotFound") return fail(r.status);
            ApiRequest create = request(QStringLiteral("create"));
            create.name.clear();
            create.body = body;
            send(create, [this, name](const ApiResult& created) {
                if (!created.ok()) return fail(created.status);
                draft_->load(*created.object, *draft_->type());
                finish(true, QStringLiteral("pod \"%1\" deleted\npod/%1 replaced").arg(name));
            });
        });
    });
}

void ObjectEditor::editOwner() {
    const Value* owners = FieldPath::parse("metadata.ownerReferences").find(draft_->original());
    if (!owners || !owners->isArray()) return;
    for (const Value& o : owners->asArray()) {
        const Value* controller = o.find("controller");
        if (controller && controller->isBool() && !controller->asBool()) continue;
        const Value* kind = o.find("kind");
        const Value* name = o.find("name");
        if (!kind || !name || !kind->isString() || !name->isString()) continue;
        const api::ResourceType* type = api::Scheme::instance().byKindOnly(kind->asString());
        if (!type) continue;
        const QString ns = draft_->namespace_();
        if (type->kind != "ReplicaSet") {
            open({QString::fromStdString(type->resource), ns, QString::fromStdString(name->asString())});
            return;
        }
        // A ReplicaSet a Deployment made: the Deployment is what one edits.
        ApiRequest get;
        get.verb = QStringLiteral("get");
        get.resource = QStringLiteral("replicasets");
        get.namespace_ = ns;
        get.name = QString::fromStdString(name->asString());
        send(get, [this, ns, get](const ApiResult& r) {
            if (!r.ok()) return fail(r.status);
            for (const auto& ref : api::metadata(*r.object).owner_references())
                if (ref.controller() && ref.kind() == "Deployment")
                    return open({QStringLiteral("deployments"), ns, QString::fromStdString(ref.name())});
            open({QStringLiteral("replicasets"), ns, get.name});
        });
        return;
    }
}

}  // namespace pilothouse::ui::editor
