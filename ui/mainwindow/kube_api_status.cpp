#include "mainwindow/kube_api_status.h"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "session/embedded_kube_api.h"

namespace pilothouse::ui {

KubeApiStatus::KubeApiStatus(EmbeddedKubeApi* api, QWidget* parent)
    : QWidget(parent), api_(api), label_(new QLabel(this)), copy_(new QToolButton(this)) {
    setObjectName(QStringLiteral("kubeApiStatus"));
    label_->setObjectName(QStringLiteral("kubeApiAddress"));
    copy_->setObjectName(QStringLiteral("copyKubeconfigCommand"));
    copy_->setAutoRaise(true);
    // Never squeezed: where kubectl goes matters more than the other labels' last words.
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    label_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    copy_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 0, 8, 0);
    layout->addWidget(label_);
    layout->addWidget(copy_);
    connect(copy_, &QToolButton::clicked, this, [this] {
        const QString command = api_->kubeconfigCommand();
        if (command.isEmpty()) return;
        QApplication::clipboard()->setText(command);
        emit message(tr("Copied: %1").arg(command));
    });
    connect(api_, &EmbeddedKubeApi::servingChanged, this, &KubeApiStatus::update);
    update();
}

void KubeApiStatus::update() {
    const QString url = api_->url();
    setVisible(!url.isEmpty());
    // "kubectl → 127.0.0.1:6443": where students point kubectl (the full URL in the tooltip).
    label_->setText(tr("kubectl → %1").arg(QString(url).remove(QStringLiteral("https://"))));
    label_->setToolTip(api_->kubeconfigPath().isEmpty()
                           ? tr("This window serves the Kubernetes API for kubectl on this machine at %1").arg(url)
                           : tr("This window serves the Kubernetes API for kubectl on this machine at %1; its kubeconfig is %2")
                                 .arg(url, api_->kubeconfigPath()));
    copy_->setText(tr("Copy KUBECONFIG command"));
    copy_->setToolTip(api_->kubeconfigCommand());
}

}  // namespace pilothouse::ui
