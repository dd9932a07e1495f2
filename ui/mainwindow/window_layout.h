// The window's layouts, one per kind of user (View > Layout, the Layout toolbar, Ctrl+1/2/3):
//
// - Teach: the journey as large as the window allows, a column of the cluster beside it (its
//   pending pods and nodes), the timeline. For a projector: the journey is what the room watches.
// - Debug: the cluster, the explainer and the events; the journey is hidden. The selected pending
//   pod (the first one, when nothing is selected) is explained without a click.
// - Operate: the cluster as tiles or a heat map, the charts and the events; the journey is hidden.
//
// Each is a dock arrangement computed for the window's size (defaultArrangement), which the user
// may then change; the window keeps the changed one per layout and per screen size.
#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <array>
#include <optional>

namespace pilothouse::ui {

enum class WindowLayout { Teach, Debug, Operate };

inline constexpr std::array<WindowLayout, 3> kWindowLayouts = {WindowLayout::Teach, WindowLayout::Debug,
                                                               WindowLayout::Operate};

class WindowLayouts {
    Q_DECLARE_TR_FUNCTIONS(WindowLayouts)
public:
    // "teach", "debug", "operate": settings keys and screenshot names.
    static QString id(WindowLayout layout);
    static std::optional<WindowLayout> fromId(const QString& id);
    // "Teach", "Debug", "Operate" (translated), and what each is for (a tooltip).
    static QString title(WindowLayout layout);
    static QString purpose(WindowLayout layout);
    // The layout the first start picks: Debug when a pod waits for a node, else Teach.
    static WindowLayout initial(bool podPending) { return podPending ? WindowLayout::Debug : WindowLayout::Teach; }

    // Teach: the width of the cluster's column beside the journey in an area of `room` (the window
    // less its menus, toolbars and status bar). The journey's canvas (canvas, e.g. 1920 x 1080)
    // gets the largest scale that leaves the column at least `minColumn` wide, up to `enough` (past
    // it the column takes the rest).
    static int teachColumnWidth(QSize room, QSize canvas, int minColumn, double enough);
};

}  // namespace pilothouse::ui
