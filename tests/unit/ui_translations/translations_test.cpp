#include "translations_test.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMutex>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>
#include <tuple>

#include "client/in_process_client.h"
#include "editor/object_editor.h"
#include "i18n/language.h"
#include "mainwindow/main_window.h"
#include "models/selection_model.h"
#include "models/timeline.h"
#include "session/embedded_session.h"

using namespace pilothouse;

namespace {

QList<TsMessage> parseTs(const QString& path, QString* error) {
    QList<TsMessage> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            TsMessage m;
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (!(xml.isEndElement() && xml.name() == QLatin1String("message")) && !xml.atEnd()) {
                xml.readNext();
                if (!xml.isStartElement()) continue;
                if (xml.name() == QLatin1String("source")) {
                    m.source = xml.readElementText();
                } else if (xml.name() == QLatin1String("comment")) {
                    m.comment = xml.readElementText();
                } else if (xml.name() == QLatin1String("translation")) {
                    m.type = xml.attributes().value(QLatin1String("type")).toString();
                    if (m.numerus) {
                        while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                            xml.readNext();
                            if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                                m.translations << xml.readElementText();
                        }
                    } else {
                        m.translations << xml.readElementText();
                    }
                }
            }
            out << m;
        }
    }
    if (xml.hasError()) *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

QString keyOf(const TsMessage& m) { return m.context + QLatin1Char('\x1f') + m.source + QLatin1Char('\x1f') + m.comment; }
QString where(const QString& file, const TsMessage& m) { return file + QLatin1Char(':') + m.context + QLatin1Char(':') + m.source; }

// %1 … %99 and %n, as a set.
QStringList placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%(n|\\d{1,2})"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();) out << it.next().captured(0);
    out.removeDuplicates();
    out.sort();
    return out;
}

QString lupdatePath() {
    for (const QString& candidate : {QStringLiteral(PH_LUPDATE),
                                     QLibraryInfo::path(QLibraryInfo::BinariesPath) + QStringLiteral("/lupdate"),
                                     QStandardPaths::findExecutable(QStringLiteral("lupdate"))})
        if (!candidate.isEmpty() && QFileInfo(candidate).isExecutable()) return candidate;
    return {};
}

// QTest cuts long messages: each problem on its own line, then the verdict.
bool report(const QStringList& problems, const char* what) {
    for (const QString& p : problems) qWarning().noquote() << p;
    if (!problems.isEmpty()) qWarning().noquote() << problems.size() << what;
    return problems.isEmpty();
}

QDockWidget* dock(ui::MainWindow& window, const char* name) {
    return window.findChild<QDockWidget*>(QLatin1String(name), Qt::FindDirectChildrenOnly);
}

QStringList menuTitles(ui::MainWindow& window) {
    QStringList out;
    for (QAction* a : window.menuBar()->actions()) out << a->text();
    return out;
}

QAction* languageAction(ui::MainWindow& window, const QString& code) {
    if (!window.languageMenu()) return nullptr;
    for (QAction* a : window.languageMenu()->actions())
        if (a->data().toString() == code) return a;
    return nullptr;
}

// What the user sees of the window's own texts and of one view's.
QStringList visibleTexts(ui::MainWindow& window) {
    QStringList out = menuTitles(window);
    out << window.playAction()->text() << window.stepAction()->text() << window.liveAction()->text()
        << window.windowTitle();
    for (const char* name : {"clusterDock", "inspectorDock", "explainerDock", "editorDock", "eventsDock", "chartsDock", "objectsDock"})
        out << (dock(window, name) ? dock(window, name)->windowTitle() : QString());
    auto* apply = window.editor()->findChild<QPushButton*>(QStringLiteral("apply"));
    out << (apply ? apply->text() : QString());
    return out;
}

// Each dock: where it is and whether it shows.
std::map<QString, std::tuple<int, bool, bool>> dockLayout(ui::MainWindow& window) {
    std::map<QString, std::tuple<int, bool, bool>> out;
    for (QDockWidget* d : window.findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
        out[d->objectName()] = {int(window.dockWidgetArea(d)), d->isVisible(), d->isFloating()};
    return out;
}

// Asked before the real translators (installed last), it only notes what the code asks for.
class SpyTranslator final : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char*, int) const override {
        const QMutexLocker lock(&mutex_);
        asked_.insert({QString::fromUtf8(context), QString::fromUtf8(source)});
        return {};
    }
    bool isEmpty() const override { return false; }
    QSet<std::pair<QString, QString>> asked() const {
        const QMutexLocker lock(&mutex_);
        return asked_;
    }

private:
    mutable QMutex mutex_;
    mutable QSet<std::pair<QString, QString>> asked_;
};

}  // namespace

void TranslationsTest::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    translationsDir_ = QStringLiteral(PH_SOURCE_DIR "/translations");
}

void TranslationsTest::cleanup() { QVERIFY(ui::i18n::setLanguage(QStringLiteral("en"))); }

void TranslationsTest::tsFilesAreComplete() {
    const QStringList files = QDir(translationsDir_).entryList({QStringLiteral("pilothouse_*.ts")}, QDir::Files, QDir::Name);
    for (const char* lang : {"en", "de", "ja"})
        QVERIFY2(files.contains(QStringLiteral("pilothouse_%1.ts").arg(QLatin1String(lang))), lang);
    QStringList problems;
    for (const QString& file : files) {
        QString error;
        const QList<TsMessage> messages = parseTs(translationsDir_ + QLatin1Char('/') + file, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(!messages.isEmpty(), qPrintable(file));
        for (const TsMessage& m : messages) {
            if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete")) {
                problems << where(file, m) + QStringLiteral("  [%1: run lupdate with -no-obsolete]").arg(m.type);
                continue;
            }
            if (m.type == QLatin1String("unfinished")) {
                problems << where(file, m) + QStringLiteral("  [unfinished]");
                continue;
            }
            if (m.translations.isEmpty() || m.translations.contains(QString())) {
                problems << where(file, m) + QStringLiteral("  [empty translation]");
                continue;
            }
            for (const QString& t : m.translations) {
                // A plural form may leave %n out ("one pod"); every other placeholder stays.
                QStringList expected = placeholders(m.source), got = placeholders(t);
                if (m.numerus) {
                    expected.removeAll(QStringLiteral("%n"));
                    got.removeAll(QStringLiteral("%n"));
                }
                if (expected != got)
                    problems << where(file, m) + QStringLiteral("  [placeholders %1 in the source, %2 in \"%3\"]")
                                                     .arg(expected.join(QLatin1Char(',')), got.join(QLatin1Char(',')), t);
            }
        }
    }
    QVERIFY2(report(problems, "unfinished, empty, vanished or mistranslated entries (listed above)"), "see the warnings");
}

void TranslationsTest::tsFilesMatchTheSources() {
    const QString lupdate = lupdatePath();
    QVERIFY2(!lupdate.isEmpty(), "lupdate not found (Debian: qt6-l10n-tools, see packaging/install-deps.sh)");
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString scanned = tmp.path() + QStringLiteral("/sources_de.ts");
    QProcess run;
    run.setWorkingDirectory(QStringLiteral(PH_SOURCE_DIR));
    run.setProcessChannelMode(QProcess::MergedChannels);
    // The same scan as `ninja ph_update_translations`.
    run.start(lupdate, {QStringLiteral("ui"), QStringLiteral("app/pilothouse"), QStringLiteral("-locations"), QStringLiteral("none"),
                        QStringLiteral("-no-obsolete"), QStringLiteral("-ts"), scanned});
    QVERIFY2(run.waitForFinished(300000), qPrintable(lupdate));
    QVERIFY2(run.exitStatus() == QProcess::NormalExit && run.exitCode() == 0, run.readAll().constData());
    QString error;
    const QList<TsMessage> sources = parseTs(scanned, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(sources.size() > 100);

    QStringList problems;
    const QStringList files = QDir(translationsDir_).entryList({QStringLiteral("pilothouse_*.ts")}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString& file : files) {
        // English is the source language: its file holds the plural forms only (lupdate -pluralonly).
        const bool pluralOnly = file == QLatin1String("pilothouse_en.ts");
        const QList<TsMessage> committed = parseTs(translationsDir_ + QLatin1Char('/') + file, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> have, want;
        for (const TsMessage& m : committed) have.insert(keyOf(m));
        for (const TsMessage& m : sources) {
            if (pluralOnly && !m.numerus) continue;
            want.insert(keyOf(m));
            if (!have.contains(keyOf(m)))
                problems << where(file, m) + QStringLiteral("  [in the sources, not in the .ts: run `ninja ph_update_translations` and translate it]");
        }
        for (const TsMessage& m : committed)
            if (!want.contains(keyOf(m)))
                problems << where(file, m) + QStringLiteral("  [no longer in the sources: run `ninja ph_update_translations`]");
    }
    QVERIFY2(report(problems, "entries out of date (listed above)"), "see the warnings");
}

void TranslationsTest::mainWindowSwitchesLanguage() {
    QVERIFY(!ui::i18n::setLanguage(QStringLiteral("xx")));
    QVERIFY(ui::i18n::setLanguage(QStringLiteral("en")));
    auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
    QVERIFY(session.isOk());
    QVERIFY((*session)->runFor(std::chrono::seconds(30)).isOk());
    ui::InProcessClient client(**session);
    ui::MainWindow window(&client, session->get());
    window.resize(1280, 800);
    window.show();
    QTRY_VERIFY(window.loaded());
    window.selection()->select(ui::ObjectRef::pod(QStringLiteral("default/web")));
    window.timeline()->setView(window.timeline()->epochNanos() + 10'000'000'000);
    QVERIFY(!window.timeline()->live());

    const QStringList english = visibleTexts(window);
    QVERIFY2(english.contains(QStringLiteral("&View")) && english.contains(QStringLiteral("Play")) &&
                 english.contains(QStringLiteral("Inspector")) && english.contains(QStringLiteral("Apply")),
             qPrintable(english.join(QLatin1Char('|'))));
    const auto layout = dockLayout(window);
    const qsizetype toolbars = window.findChildren<QToolBar*>().size();
    const qsizetype menus = window.findChildren<QMenu*>().size();
    const int sliderValue = window.timelineSlider()->value();
    QVERIFY(languageAction(window, QStringLiteral("en")) && languageAction(window, QStringLiteral("en"))->isChecked());
    const QStringList names = [&] {
        QStringList out;
        for (QAction* a : window.languageMenu()->actions()) out << a->text();
        return out;
    }();
    QCOMPARE(names, (QStringList{QStringLiteral("English"), QStringLiteral("Deutsch"), QStringLiteral("日本語")}));

    // German, from the menu.
    languageAction(window, QStringLiteral("de"))->trigger();
    QCOMPARE(ui::i18n::language(), QStringLiteral("de"));
    QTRY_COMPARE(window.playAction()->text(), QStringLiteral("Abspielen"));
    QVERIFY(menuTitles(window).contains(QStringLiteral("&Ansicht")));
    QCOMPARE(window.stepAction()->text(), QStringLiteral("Schritt"));
    QCOMPARE(dock(window, "inspectorDock")->windowTitle(), QStringLiteral("Inspektor"));
    QCOMPARE(dock(window, "chartsDock")->windowTitle(), QStringLiteral("Diagramme"));
    QCOMPARE(window.editor()->findChild<QPushButton*>(QStringLiteral("apply"))->text(), QStringLiteral("Anwenden"));
    QVERIFY(languageAction(window, QStringLiteral("de"))->isChecked());
    QVERIFY(!languageAction(window, QStringLiteral("en"))->isChecked());
    // Made again, not added to: the same docks where they were, as many toolbars and menus.
    QCOMPARE(dockLayout(window), layout);
    QCOMPARE(window.findChildren<QToolBar*>().size(), toolbars);
    QTRY_COMPARE(window.findChildren<QMenu*>().size(), menus);
    // The same selection and moment.
    QCOMPARE(window.selection()->selected().key(), QStringLiteral("default/web"));
    QVERIFY(!window.timeline()->live());
    QCOMPARE(window.timelineSlider()->value(), sliderValue);
    QVERIFY(window.resumeAction()->isEnabled());

    // Japanese.
    languageAction(window, QStringLiteral("ja"))->trigger();
    QTRY_COMPARE(window.playAction()->text(), QStringLiteral("再生"));
    QVERIFY(menuTitles(window).contains(QStringLiteral("表示(&V)")));
    QCOMPARE(dock(window, "inspectorDock")->windowTitle(), QStringLiteral("インスペクター"));
    QCOMPARE(dock(window, "eventsDock")->windowTitle(), QStringLiteral("イベント"));
    QCOMPARE(dockLayout(window), layout);
    // The rebuilt toolbar still drives the simulation.
    window.playAction()->trigger();
    QTRY_VERIFY((*session)->playing());
    QCOMPARE(window.playAction()->text(), QStringLiteral("一時停止"));
    QVERIFY(window.timeline()->live());
    window.playAction()->trigger();
    QTRY_VERIFY(!(*session)->playing());

    // English again: as it was.
    languageAction(window, QStringLiteral("en"))->trigger();
    QTRY_COMPARE(window.playAction()->text(), QStringLiteral("Play"));
    QCOMPARE(visibleTexts(window), english);
    QCOMPARE(dockLayout(window), layout);
}

void TranslationsTest::everyTextShownIsTranslated() {
    QString error;
    const QList<TsMessage> german = parseTs(translationsDir_ + QStringLiteral("/pilothouse_de.ts"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QSet<std::pair<QString, QString>> known;
    QSet<QString> contexts, sourceTexts;
    for (const TsMessage& m : german) {
        known.insert({m.context, m.source});
        contexts.insert(m.context);
        sourceTexts.insert(m.source);
    }

    QVERIFY(ui::i18n::setLanguage(QStringLiteral("de")));
    SpyTranslator spy;
    QCoreApplication::installTranslator(&spy);
    {
        auto session = ui::EmbeddedSession::start(":memory:", QStringLiteral(PH_SOURCE_DIR "/resources/scenarios/single-pod-journey.yaml"));
        QVERIFY(session.isOk());
        QVERIFY((*session)->runFor(std::chrono::seconds(30)).isOk());
        ui::InProcessClient client(**session);
        ui::MainWindow window(&client, session->get());
        window.resize(1280, 800);
        window.show();
        QTRY_VERIFY(window.loaded());
        // Every view on its own (the explainer explaining, the what-ifs asked, both editors open).
        QTemporaryDir dir;
        QVERIFY(window.writeScreenshots(dir.path(), QSize(1280, 800)).isOk());
        // The past, and the window's menus open.
        window.timeline()->setView(window.timeline()->epochNanos() + 5'000'000'000);
        QTest::qWait(200);
        for (QAction* a : window.menuBar()->actions())
            if (a->menu()) {
                a->menu()->popup(QPoint(0, 0));
                a->menu()->hide();
            }
    }
    QCoreApplication::removeTranslator(&spy);

    QStringList problems;
    const auto asked = spy.asked();
    QVERIFY2(asked.size() > 100, qPrintable(QString::number(asked.size())));
    for (const auto& [context, source] : asked) {
        if (known.contains({context, source})) continue;
        // Qt's own texts go to Qt's translation; ours are under our contexts, or are our words.
        const bool ours = context.startsWith(QLatin1String("pilothouse::")) || contexts.contains(context) ||
                          (sourceTexts.contains(source) && !context.startsWith(QLatin1Char('Q')));
        if (ours) problems << context + QLatin1Char(':') + source;
    }
    problems.sort();
    QVERIFY2(report(problems, "texts asked for at runtime are not in pilothouse_de.ts: lupdate missed them, or their "
                              "context differs (listed above)"),
             "see the warnings");
}

QTEST_MAIN(TranslationsTest)
