// The status bar's word on the Kubernetes API the window serves for kubectl
// (session/embedded_kube_api.h): its address, and a button that copies what a student types to
// use it (`export KUBECONFIG=FILE`). Hidden while nothing is served.
#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace pilothouse::ui {

class EmbeddedKubeApi;

class KubeApiStatus final : public QWidget {
    Q_OBJECT
public:
    KubeApiStatus(EmbeddedKubeApi* api, QWidget* parent = nullptr);
    // The texts again (the language changed) and what is served now.
    void update();
    QToolButton* copyButton() const { return copy_; }
    QLabel* label() const { return label_; }

signals:
    // Said after a copy ("Copied: export KUBECONFIG=...").
    void message(const QString& text);

private:
    EmbeddedKubeApi* api_;
    QLabel* label_;
    QToolButton* copy_;
};

}  // namespace pilothouse::ui
