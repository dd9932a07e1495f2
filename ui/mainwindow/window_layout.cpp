#include "mainwindow/window_layout.h"

#include <algorithm>
#include <cmath>

namespace pilothouse::ui {

QString WindowLayouts::id(WindowLayout layout) {
    switch (layout) {
        case WindowLayout::Teach: return QStringLiteral("teach");
        case WindowLayout::Debug: return QStringLiteral("debug");
        case WindowLayout::Operate: return QStringLiteral("operate");
    }
    return {};
}

std::optional<WindowLayout> WindowLayouts::fromId(const QString& id) {
    for (WindowLayout l : kWindowLayouts)
        if (WindowLayouts::id(l) == id) return l;
    return std::nullopt;
}

QString WindowLayouts::title(WindowLayout layout) {
    switch (layout) {
        case WindowLayout::Teach: return tr("Teach");
        case WindowLayout::Debug: return tr("Debug");
        case WindowLayout::Operate: return tr("Operate");
    }
    return {};
}

QString WindowLayouts::purpose(WindowLayout layout) {
    switch (layout) {
        case WindowLayout::Teach: return tr("The journey large, the cluster beside it and the timeline (Ctrl+1)");
        case WindowLayout::Debug:
            return tr("The cluster, the explainer and the events: the selected pending pod explained (Ctrl+2)");
        case WindowLayout::Operate: return tr("The cluster as tiles or a heat map, the charts and the events (Ctrl+3)");
    }
    return {};
}

int WindowLayouts::teachColumnWidth(QSize room, QSize canvas, int minColumn, double enough) {
    if (room.isEmpty() || canvas.isEmpty()) return minColumn;
    const double byHeight = double(room.height()) / canvas.height();
    const double byWidth = double(room.width() - minColumn) / canvas.width();
    const double scale = std::min({byHeight, byWidth, enough});
    return std::max(minColumn, room.width() - int(std::floor(scale * canvas.width())));
}

}  // namespace pilothouse::ui
