#include "explainer/what_if_panel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QThread>
#include <QVBoxLayout>

#include "explainer/pod_explainer.h"
#include "explainer/what_if_text.h"
#include "policy_v1.pb.h"
#include "scheduler/apis/config/load.h"
#include "theme/theme.h"
#include "util/thread_priority.h"

namespace pilothouse::ui {

namespace {

// A what-if operation as the client's request.
ApiRequest toRequest(const scheduler::WhatIfOperation& op) {
    ApiRequest r;
    r.verb = QString::fromStdString(op.verb);
    r.resource = QString::fromStdString(op.type->resource);
    r.namespace_ = QString::fromStdString(op.namespace_);
    r.name = QString::fromStdString(op.name);
    r.patch = op.patch;
    r.body = op.body;
    r.gracePeriodSeconds = op.gracePeriodSeconds;
    if (op.verb == "evict") {
        r.verb = QStringLiteral("create");
        r.subresource = QStringLiteral("eviction");
        auto eviction = std::make_shared<k8s::io::api::policy::v1::Eviction>();
        eviction->mutable_metadata()->set_name(op.name);
        eviction->mutable_metadata()->set_namespace_(op.namespace_);
        r.body = eviction;
    }
    return r;
}

QString sideText(scheduler::WhatIfSide side) {
    switch (side) {
    case scheduler::WhatIfSide::Pod: return WhatIfPanel::tr("On the pod");
    case scheduler::WhatIfSide::Node: return WhatIfPanel::tr("On the node");
    case scheduler::WhatIfSide::Both: return WhatIfPanel::tr("On the pod and the node");
    }
    return {};
}

}  // namespace

WhatIfPanel::WhatIfPanel(ControlPlaneClient* client, Timeline* timeline, PodExplainer* explainer, QWidget* parent)
    : QWidget(parent), client_(client), timeline_(timeline), explainer_(explainer) {
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("What would make it fit on node"), this));
    nodes_ = new QComboBox(this);
    nodes_->setObjectName(QStringLiteral("whatIfNode"));
    nodes_->setMinimumContentsLength(16);
    row->addWidget(nodes_);
    ask_ = new QPushButton(tr("Ask the scheduler"), this);
    row->addWidget(ask_);
    row->addStretch();
    layout->addLayout(row);
    header_ = new QLabel(this);
    header_->setWordWrap(true);
    layout->addWidget(header_);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    list_ = new QWidget(scroll);
    listLayout_ = new QVBoxLayout(list_);
    listLayout_->addStretch();
    scroll->setWidget(list_);
    layout->addWidget(scroll, 1);
    result_ = new QLabel(this);
    result_->setObjectName(QStringLiteral("whatIfResult"));
    result_->setWordWrap(true);
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(result_);
    connect(ask_, &QPushButton::clicked, this, &WhatIfPanel::start);
    connect(explainer_, &PodExplainer::explained, this, [this] {
        fillNodes();
        // Another pod: the suggestions were for the one before.
        if (explainer_->pod() != askedPod_) {
            suggestions_.clear();
            notes_.clear();
            error_.clear();
            show();
        }
    });
    connect(timeline_, &Timeline::viewChanged, this, &WhatIfPanel::show);
    fillNodes();
    show();
}

void WhatIfPanel::fillNodes() {
    const QString current = nodes_->currentText();
    QStringList names;
    if (const auto& e = explainer_->explanation()) {
        for (const auto& n : e->outcome.explanation->nodes) names << QString::fromStdString(n.node);
    }
    names.sort();
    QStringList shown;
    for (int i = 0; i < nodes_->count(); ++i) shown << nodes_->itemText(i);
    if (names == shown) return;
    nodes_->clear();
    nodes_->addItems(names);
    if (names.contains(current)) nodes_->setCurrentText(current);
}

void WhatIfPanel::setNode(const QString& node) {
    if (nodes_->findText(node) < 0) nodes_->addItem(node);
    nodes_->setCurrentText(node);
}

QString WhatIfPanel::node() const { return nodes_->currentText(); }

void WhatIfPanel::start() {
    const QString pod = explainer_->pod();
    const QString node = nodes_->currentText();
    if (pod.isEmpty() || node.isEmpty() || running_) return;
    // The live cluster: what the scheduler reads, and the controllers a pod-side change is made on.
    auto objects = listForScheduling(client_, client_->currentRevision(), true);
    auto config = client_->schedulerConfigurationAt(client_->nowNanos());
    running_ = true;
    askedPod_ = pod;
    header_->setText(tr("Asking the scheduler about %1 on %2…").arg(pod, node));
    const quint64 generation = ++generation_;
    QPointer<WhatIfPanel> self(this);
    QThread* worker = QThread::create([self, objects = std::move(objects), config = std::move(config), pod = pod.toStdString(), node = node.toStdString(), generation]() mutable {
        util::lowerThreadPriority(util::kBackgroundNiceness);
        std::vector<scheduler::WhatIfNote> notes;
        auto result = scheduler::suggestFixes(objects, pod, node, config, {}, &notes);
        objects.clear();
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, result = std::move(result), notes = std::move(notes), generation]() mutable {
                if (!self || generation != self->generation_) return;
                self->running_ = false;
                self->suggestions_.clear();
                self->notes_ = std::move(notes);
                self->error_.clear();
                if (result) self->suggestions_ = std::move(*result);
                else self->error_ = QString::fromStdString(result.status().message());
                self->show();
                emit self->suggested();
            },
            Qt::QueuedConnection);
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void WhatIfPanel::ask() { start(); }

void WhatIfPanel::suggestNow() {
    start();
    while (running_) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

void WhatIfPanel::show() {
    while (QLayoutItem* item = listLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const bool live = timeline_->live();
    ask_->setEnabled(live && !running_);
    if (!live) header_->setText(tr("What-ifs are about the cluster as it is now: go Live to ask."));
    else if (!error_.isEmpty()) header_->setText(error_);
    else if (askedPod_.isEmpty() || askedPod_ != explainer_->pod()) header_->setText(tr("Pick a node and ask: the scheduler's filter plugins work out the smallest change that lets the pod onto it."));
    else if (suggestions_.empty()) header_->setText(notes_.empty() ? tr("%1 already fits on %2.").arg(askedPod_, node()) : tr("No single change makes %1 fit on %2.").arg(askedPod_, node()));
    else header_->setText(tr("Each of these makes %1 pass every filter on %2 (checked by re-running the filters):").arg(askedPod_, node()));
    for (size_t i = 0; i < suggestions_.size(); ++i) {
        const auto& s = suggestions_[i];
        auto* card = new QFrame(list_);
        card->setObjectName(QStringLiteral("suggestion%1").arg(i));
        card->setFrameShape(QFrame::StyledPanel);
        auto* v = new QVBoxLayout(card);
        auto* side = new QLabel(sideText(s.side), card);
        QFont bold = font();
        bold.setBold(true);
        side->setFont(bold);
        v->addWidget(side);
        for (const auto& change : s.changes) {
            auto* line = new QLabel(QStringLiteral("• ") + whatif::changeText(change), card);
            line->setWordWrap(true);
            v->addWidget(line);
        }
        auto* apply = new QPushButton(tr("Apply"), card);
        apply->setObjectName(QStringLiteral("apply"));
        showPermission(apply, live, deniedReason(i));
        connect(apply, &QPushButton::clicked, this, [this, i] { this->apply(i); });
        auto* h = new QHBoxLayout;
        h->addWidget(apply);
        h->addStretch();
        v->addLayout(h);
        listLayout_->addWidget(card);
    }
    if (!notes_.empty()) {
        QStringList lines;
        for (const auto& n : notes_) lines << QStringLiteral("• ") + whatif::noteText(n);
        auto* notes = new QLabel(tr("Not fixable by a change:\n%1").arg(lines.join(QLatin1Char('\n'))), list_);
        notes->setWordWrap(true);
        notes->setStyleSheet(QStringLiteral("color: %1;").arg(theme::mutedText().name()));
        listLayout_->addWidget(notes);
    }
    listLayout_->addStretch();
}

void WhatIfPanel::setAccessReview(AccessReview* access) {
    if (access_) disconnect(access_, nullptr, this, nullptr);
    access_ = access;
    if (access_) connect(access_, &AccessReview::changed, this, &WhatIfPanel::show);
}

QString WhatIfPanel::deniedReason(size_t index) const {
    if (!access_ || index >= suggestions_.size()) return {};
    for (const auto& op : suggestions_[index].operations) {
        const ApiRequest r = toRequest(op);
        const AccessQuestion q{r.verb, QString::fromStdString(op.type->group), r.resource, r.subresource, r.namespace_, {}};
        if (QString denied = access_->deniedReason(q); !denied.isEmpty()) return denied;
    }
    return {};
}

QString WhatIfPanel::applyResult() const { return result_->text(); }

void WhatIfPanel::apply(size_t index) {
    if (index >= suggestions_.size() || !timeline_->live()) return;
    auto operations = std::make_shared<std::vector<scheduler::WhatIfOperation>>(suggestions_[index].operations);
    auto lines = std::make_shared<QStringList>();
    // One request after the other, in the suggestion's order; the first failure stops.
    auto next = std::make_shared<std::function<void(size_t)>>();
    *next = [this, operations, lines, weak = std::weak_ptr(next)](size_t i) {
        if (i == operations->size()) {
            result_->setText(lines->join(QLatin1Char('\n')));
            emit finished(true);
            return;
        }
        const auto& op = (*operations)[i];
        client_->send(toRequest(op), this, [this, op, i, lines, next = weak.lock()](const ApiResult& r) {
            const QString what = QStringLiteral("%1 %2 %3").arg(QString::fromStdString(op.verb), QString::fromStdString(op.type->singular),
                                                                  QString::fromStdString(op.namespace_.empty() ? op.name : op.namespace_ + "/" + op.name));
            if (!r.ok()) {
                *lines << tr("%1: %2").arg(what, QString::fromStdString(r.status.message()));
                result_->setText(lines->join(QLatin1Char('\n')));
                emit finished(false);
                return;
            }
            *lines << tr("%1: done").arg(what);
            (*next)(i + 1);
        });
    };
    (*next)(0);
}

}  // namespace pilothouse::ui
