// "What would make it fit on node X?" — the explainer's what-if tab. For the explained pod and a
// node (picked here, or the row clicked in the filter matrix), the scheduler's own answer
// (scheduler::suggestFixes: the smallest changes on the pod or on the node, each verified by the
// filter plugins) on the cluster as it is now, computed on a worker thread. Each suggestion lists
// its changes (in the user's language: what_if_text.h) and has an Apply button that sends its API
// requests through the client (patches, evictions through pods/eviction, a pod replaced); what
// cannot be fixed by a change is listed with the reason. Suggestions are for the live cluster:
// while the views show the past, Apply is off. Over a server whose RBAC refuses one of a
// suggestion's requests to the user (setAccessReview), its Apply is off with the server's 403 text
// as its tooltip.
#pragma once

#include <QPointer>
#include <QWidget>

#include <vector>

#include "client/access_review.h"
#include "client/control_plane_client.h"
#include "models/timeline.h"
#include "scheduler/what_if.h"

class QComboBox;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace pilothouse::ui {

class PodExplainer;

class WhatIfPanel final : public QWidget {
    Q_OBJECT
public:
    WhatIfPanel(ControlPlaneClient* client, Timeline* timeline, PodExplainer* explainer, QWidget* parent = nullptr);

    // What the user may do (null: everything); its changes update the Apply buttons.
    void setAccessReview(AccessReview* access);
    // Kubernetes' 403 text for the first of suggestion `index`'s requests the user may not send
    // ("" when all are allowed or not known).
    QString deniedReason(size_t index) const;

    // Asks about `node` for the explained pod.
    void setNode(const QString& node);
    QString node() const;
    // Asks the scheduler (the Ask button); suggested() when the answer is in.
    void ask();
    // Computes now and waits for the answer (tests, screenshots).
    void suggestNow();

    const std::vector<scheduler::WhatIfSuggestion>& suggestions() const { return suggestions_; }
    const std::vector<scheduler::WhatIfNote>& notes() const { return notes_; }
    QString error() const { return error_; }
    bool busy() const { return running_; }
    // Carries out suggestion `index`; finished(ok) when its last request is answered.
    void apply(size_t index);
    QString applyResult() const;

signals:
    void suggested();
    void finished(bool ok);

private:
    void fillNodes();
    void start();
    void show();

    ControlPlaneClient* client_;
    QPointer<AccessReview> access_;
    Timeline* timeline_;
    PodExplainer* explainer_;
    QComboBox* nodes_;
    QPushButton* ask_;
    QLabel* header_;
    QWidget* list_;
    QVBoxLayout* listLayout_;
    QLabel* result_;
    std::vector<scheduler::WhatIfSuggestion> suggestions_;
    std::vector<scheduler::WhatIfNote> notes_;
    QString error_;
    QString askedPod_;
    bool running_ = false;
    quint64 generation_ = 0;
};

}  // namespace pilothouse::ui
