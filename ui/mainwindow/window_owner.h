// A window that owns what it shows (a connection's client, a forked simulation's session): the
// owner lives as long as the window is open. It is deleted when the window closes, or when the
// application quits, since widgets cannot be deleted once the application object is being
// destroyed.
#pragma once

class QObject;

namespace pilothouse::ui {

class MainWindow;

// `owner` becomes the application's child; `window` is deleted on close and takes `owner` with it.
// The window is shown.
void keepWhileOpen(QObject* owner, MainWindow* window);

}  // namespace pilothouse::ui
