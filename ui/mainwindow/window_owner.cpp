#include "mainwindow/window_owner.h"

#include <QCoreApplication>

#include "mainwindow/main_window.h"

namespace pilothouse::ui {

void keepWhileOpen(QObject* owner, MainWindow* window) {
    owner->setParent(QCoreApplication::instance());
    window->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(window, &QObject::destroyed, owner, &QObject::deleteLater);
    QObject::connect(QCoreApplication::instance(), &QCoreApplication::aboutToQuit, owner, [owner] { delete owner; });
    window->show();
}

}  // namespace pilothouse::ui
