// The translations (translations/*.ts, ui/i18n/language.h): every entry finished, every source
// string of ui/ and app/pilothouse in the .ts files (lupdate run on the sources as they are now),
// every text the views show in German found in the German translation under the context the code
// asks for, and the main window switched between English, German and Japanese at runtime.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

// One <message> of a .ts file.
struct TsMessage {
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;              // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations;  // one, or the numerus forms
};

class TranslationsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    // Fails listing file:context:source for each unfinished, empty, vanished or obsolete entry and
    // each translation whose placeholders (%1, %n) differ from its source's.
    void tsFilesAreComplete();
    // lupdate over the sources now: each source string must be in every .ts (the English one:
    // each plural), and no .ts may hold one the sources no longer have.
    void tsFilesMatchTheSources();
    // View > Language: German, Japanese, English again — menus, toolbar, docks and the views in
    // them change; the layout, selection, moment and simulation stay.
    void mainWindowSwitchesLanguage();
    // Every text the window and each view ask for in German (Qt's own aside) is in the German
    // translation under the context the code asks for: no string lupdate missed, no context that
    // differs between lupdate and the running code.
    void everyTextShownIsTranslated();

private:
    QString translationsDir_;
};
