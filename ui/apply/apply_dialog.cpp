#include "apply/apply_dialog.h"

#include <QCheckBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

#include "api/codec/yaml.h"
#include "apply/apply_runner.h"
#include "apply/diff_view.h"
#include "apply/manifest_editor.h"
#include "client/access_review.h"
#include "kubectl/unified_diff.h"
#include "theme/roomy_table.h"
#include "theme/theme.h"

namespace pilothouse::ui::apply {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

enum Column { DocumentColumn, ObjectColumn, ResultColumn };

// The line an object's problem is at: its error's field if the manifest has it, else the object.
int resultLine(const kubectl::ObjectApply& a) {
    const std::string field = a.errorField();
    return field.empty() ? a.object().line : a.object().lineOf(field);
}

// kubectl diff's output for one object: diff(1)'s line for the pair of files, then the unified
// diff.
QString objectDiff(const kubectl::ObjectApply& a) {
    const std::string name = a.object().diffName();
    const std::string live = a.live().isNull() ? std::string() : codec::toYaml(a.live());
    const std::string merged = a.merged().isNull() ? std::string() : codec::toYaml(a.merged());
    const std::string diff = kubectl::unifiedDiff(live, merged, "LIVE/" + name, "MERGED/" + name);
    if (diff.empty())
        return {};
    return QStringLiteral("diff -u -N LIVE/%1 MERGED/%1\n").arg(qs(name)) + qs(diff);
}

// "+3 −1": the diff's added and removed lines.
QString diffCounts(const QString& diff) {
    int added = 0, removed = 0;
    for (const QStringView line : QStringView(diff).split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("+++")) || line.startsWith(QLatin1String("---")))
            continue;
        if (line.startsWith(QLatin1Char('+')))
            ++added;
        else if (line.startsWith(QLatin1Char('-')))
            ++removed;
    }
    return QStringLiteral("+%1 \u2212%2").arg(added).arg(removed);
}

}  // namespace

ApplyDialog::ApplyDialog(ControlPlaneClient& client, QWidget* parent)
    : QDialog(parent), client_(client) {
    setObjectName(QStringLiteral("applyDialog"));
    build();
    retranslate();
    applyTheme();
    updateButtons();
    QSize size(1400, 860);
    if (const QScreen* s = screen())
        size = size.boundedTo(s->availableSize() * 0.92);
    resize(size);
}

ApplyDialog::~ApplyDialog() = default;

void ApplyDialog::build() {
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    open_ = new QPushButton(this);
    open_->setObjectName(QStringLiteral("applyOpen"));
    connect(open_, &QPushButton::clicked, this, &ApplyDialog::openFilesDialog);
    top->addWidget(open_);
    top->addSpacing(16);
    namespaceLabel_ = new QLabel(this);
    top->addWidget(namespaceLabel_);
    namespace_ = new QLineEdit(QStringLiteral("default"), this);
    namespace_->setObjectName(QStringLiteral("applyNamespace"));
    namespace_->setMaximumWidth(260);
    namespaceLabel_->setBuddy(namespace_);
    top->addWidget(namespace_);
    top->addSpacing(16);
    serverDryRun_ = new QCheckBox(this);
    serverDryRun_->setObjectName(QStringLiteral("applyServerDryRun"));
    top->addWidget(serverDryRun_);
    top->addStretch(1);
    layout->addLayout(top);

    auto* split = new QSplitter(Qt::Horizontal, this);
    editor_ = new ManifestEditor(split);
    editor_->setObjectName(QStringLiteral("applyText"));
    connect(editor_, &QPlainTextEdit::textChanged, this, [this] {
        // Marks would point at lines that moved.
        if (!editor_->errorLines().isEmpty())
            editor_->setErrorLines({});
        updateButtons();
        if (access_)
            accessCheck_->start();
    });
    accessCheck_ = new QTimer(this);
    accessCheck_->setSingleShot(true);
    accessCheck_->setInterval(300);
    connect(accessCheck_, &QTimer::timeout, this, &ApplyDialog::checkAccess);
    // Objects that name no namespace go to this one.
    connect(namespace_, &QLineEdit::textChanged, this, [this] {
        if (access_)
            accessCheck_->start();
    });
    split->addWidget(editor_);

    auto* right = new QSplitter(Qt::Vertical, split);
    table_ = new QTableWidget(0, 3, right);
    table_->setObjectName(QStringLiteral("applyResults"));
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->setShowGrid(false);
    table_->setWordWrap(true);
    table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table_->horizontalHeader()->setSectionResizeMode(DocumentColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(ObjectColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setItemDelegate(new theme::RoomyDelegate(table_, 1.5, 16));
    connect(table_, &QTableWidget::currentCellChanged, this, [this](int row) { showResult(row); });
    right->addWidget(table_);

    tabs_ = new QTabWidget(right);
    tabs_->setObjectName(QStringLiteral("applyTabs"));
    diffView_ = new DiffView(tabs_);
    diffView_->setObjectName(QStringLiteral("applyDiff"));
    output_ = new QPlainTextEdit(tabs_);
    output_->setObjectName(QStringLiteral("applyOutput"));
    output_->setReadOnly(true);
    output_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    tabs_->addTab(diffView_, QString());
    tabs_->addTab(output_, QString());
    right->addWidget(tabs_);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 3);
    right->setSizes({240, 620});
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    auto* bottom = new QHBoxLayout;
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("applyStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bottom->addWidget(status_, 1);
    diff_ = new QPushButton(this);
    diff_->setObjectName(QStringLiteral("applyDiffButton"));
    connect(diff_, &QPushButton::clicked, this, &ApplyDialog::diffNow);
    apply_ = new QPushButton(this);
    apply_->setObjectName(QStringLiteral("applyApplyButton"));
    connect(apply_, &QPushButton::clicked, this, &ApplyDialog::applyNow);
    close_ = new QPushButton(this);
    connect(close_, &QPushButton::clicked, this, &QDialog::close);
    bottom->addWidget(diff_);
    bottom->addWidget(apply_);
    bottom->addWidget(close_);
    layout->addLayout(bottom);
    diff_->setAutoDefault(false);
    apply_->setAutoDefault(false);
    close_->setAutoDefault(false);

    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_D), this, this, &ApplyDialog::diffNow);
    new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this, this, &ApplyDialog::applyNow);
}

void ApplyDialog::retranslate() {
    setWindowTitle(tr("Apply YAML"));
    open_->setText(tr("Open\u2026"));
    open_->setToolTip(tr("Add manifest files (YAML or JSON) to the text; several can be chosen."));
    namespaceLabel_->setText(tr("Default namespace:"));
    namespace_->setToolTip(
        tr("The namespace of objects that name none, as kubectl's current context gives it."));
    serverDryRun_->setText(tr("Server dry run"));
    serverDryRun_->setToolTip(
        tr("Apply as kubectl apply --dry-run=server: the API server admits and validates "
           "every object, nothing is stored."));
    editor_->setPlaceholderText(
        tr("Paste manifests here (documents separated by ---), or open files."));
    table_->setHorizontalHeaderLabels({tr("Document"), tr("Object"), tr("Result")});
    if (diffText_.isEmpty())
        diffView_->setPlaceholderText(
            lastRun_ == Run::Diff ? tr("No differences.")
                                  : tr("Diff shows here what applying the text would change: "
                                       "the live objects against a server dry run, as kubectl "
                                       "diff prints it."));
    output_->setPlaceholderText(tr("What kubectl apply prints, once applied."));
    tabs_->setTabText(0, tr("Diff"));
    tabs_->setTabText(1, tr("kubectl output"));
    diff_->setText(tr("Diff"));
    diff_->setToolTip(
        tr("What applying would change, without changing anything (kubectl diff) \u2014 %1")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_D).toString(QKeySequence::NativeText)));
    apply_->setText(tr("Apply"));
    apply_->setToolTip(
        tr("Create or update every object (kubectl apply -f) \u2014 %1")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)));
    close_->setText(tr("Close"));
}

void ApplyDialog::applyTheme() {
    setFont(theme::font(11));
    editor_->applyTheme();
    diffView_->applyTheme();
    QFont mono = theme::font(11);
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    output_->setFont(mono);
    QFont bold = theme::font(11, true);
    diff_->setFont(bold);
    apply_->setFont(bold);
    table_->setFont(theme::font(11));
    table_->horizontalHeader()->setFont(bold);
    table_->resizeRowsToContents();
}

void ApplyDialog::changeEvent(QEvent* event) {
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    // The dialog's own fonts follow the theme's text size.
    if (event->type() == QEvent::ApplicationFontChange)
        applyTheme();
}

QString ApplyDialog::text() const {
    return editor_->toPlainText();
}

void ApplyDialog::setText(const QString& text) {
    editor_->setPlainText(text);
    opened_.clear();
    source_ = QStringLiteral("STDIN");
}

void ApplyDialog::openFilesDialog() {
    const QString dir = opened_.isEmpty() ? QString() : QFileInfo(opened_.last()).absolutePath();
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open manifests"), dir, tr("Manifests (*.yaml *.yml *.json);;All files (*)"));
    if (!paths.isEmpty())
        openFiles(paths);
}

void ApplyDialog::openFiles(const QStringList& paths) {
    QString text = editor_->toPlainText();
    const bool wasEmpty = text.trimmed().isEmpty();
    QStringList problems;
    int read = 0;
    for (const QString& path : paths) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            problems << QStringLiteral("error: the path \"%1\" does not exist").arg(path);
            continue;
        }
        const QString content = QString::fromUtf8(file.readAll());
        if (!text.trimmed().isEmpty()) {
            if (!text.endsWith(QLatin1Char('\n')))
                text += QLatin1Char('\n');
            text += QStringLiteral("---\n");
        }
        text += content;
        opened_ << path;
        ++read;
    }
    editor_->setPlainText(text);
    // kubectl names the file in its errors; several files in one text are one stream here.
    source_ =
        wasEmpty && read == 1 && opened_.size() == 1 ? opened_.first() : QStringLiteral("STDIN");
    if (!problems.isEmpty())
        setStatus(problems.join(QLatin1Char('\n')), true);
    else
        setStatus(tr("Opened %1.").arg(QStringList(paths).join(QStringLiteral(", "))));
}

QString ApplyDialog::defaultNamespace() const {
    return namespace_->text().trimmed();
}
void ApplyDialog::setDefaultNamespace(const QString& ns) {
    namespace_->setText(ns);
}
bool ApplyDialog::serverDryRun() const {
    return serverDryRun_->isChecked();
}
void ApplyDialog::setServerDryRun(bool on) {
    serverDryRun_->setChecked(on);
}
bool ApplyDialog::isBusy() const {
    return running_ != Run::None;
}
QString ApplyDialog::diffText() const {
    return diffText_;
}
QString ApplyDialog::output() const {
    return outputText_;
}
QString ApplyDialog::statusText() const {
    return status_->text();
}
QList<int> ApplyDialog::errorLines() const {
    return editor_->errorLines();
}

void ApplyDialog::diffNow() {
    start(Run::Diff);
}
void ApplyDialog::applyNow() {
    start(Run::Apply);
}

void ApplyDialog::start(Run run) {
    // A new run replaces one still on its way (its answers are dropped with it).
    if (runner_) {
        runner_->cancel();
        runner_->disconnect(this);
        runner_->deleteLater();
    }
    std::vector<kubectl::ApplyObject> objects = readObjects();
    results_.clear();
    diffLines_.clear();
    outputText_.clear();
    diffText_.clear();
    table_->setRowCount(0);
    diffView_->setDiff(QString());
    output_->clear();
    editor_->setErrorLines({});
    lastRun_ = run;
    if (objects.empty()) {
        running_ = Run::None;
        outputText_ = QStringLiteral("error: no objects passed to apply\n");
        output_->setPlainText(outputText_);
        setStatus(outputText_.trimmed(), true);
        updateButtons();
        emit runFinished();
        return;
    }
    dryRun_ = run == Run::Diff ? kubectl::DryRun::Server
                               : (serverDryRun() ? kubectl::DryRun::Server : kubectl::DryRun::None);
    running_ = run;
    results_.resize(qsizetype(objects.size()));
    diffLines_.fill(0, qsizetype(objects.size()));
    table_->setRowCount(int(objects.size()));
    for (int row = 0; row < int(objects.size()); ++row) {
        const kubectl::ApplyObject& o = objects[size_t(row)];
        Result& r = results_[row];
        r.document = o.document;
        r.item = o.item;
        r.line = o.line;
        r.object = o.type ? qs(o.displayName()) : QString();
        QString where = o.item >= 0 ? tr("%1, items[%2]").arg(o.document).arg(o.item)
                                    : QString::number(o.document);
        table_->setItem(row, DocumentColumn,
                        new QTableWidgetItem(tr("%1 \u00b7 line %2").arg(where).arg(o.line)));
        table_->setItem(row, ObjectColumn,
                        new QTableWidgetItem(r.object.isEmpty() ? qs(o.name) : r.object));
        auto* waiting = new QTableWidgetItem(tr("waiting\u2026"));
        waiting->setForeground(theme::mutedText());
        table_->setItem(row, ResultColumn, waiting);
    }
    tabs_->setCurrentWidget(run == Run::Diff ? static_cast<QWidget*>(diffView_) : output_);
    runner_ = new ApplyRunner(
        client_, std::move(objects),
        run == Run::Diff ? kubectl::ApplyMode::Diff : kubectl::ApplyMode::Apply, dryRun_, this);
    connect(runner_, &ApplyRunner::objectFinished, this, &ApplyDialog::onObjectFinished);
    connect(runner_, &ApplyRunner::finished, this, &ApplyDialog::onRunFinished);
    setStatus(run == Run::Diff ? tr("Diffing %1 objects\u2026").arg(results_.size())
                               : tr("Applying %1 objects\u2026").arg(results_.size()));
    updateButtons();
    runner_->start();
}

void ApplyDialog::onObjectFinished(int index) {
    const kubectl::ObjectApply& a = runner_->at(index);
    Result& r = results_[index];
    r.ok = a.ok();
    r.operation = a.operation();
    r.line = resultLine(a);
    for (const auto& w : a.warnings()) r.warnings << qs(w);
    for (const auto& w : a.object().warnings)
        r.warnings.prepend(QStringLiteral("Warning: ") + qs(w));
    if (running_ == Run::Diff) {
        r.text = a.ok() ? QString() : qs(a.errorText());
        if (a.ok()) {
            r.diff = objectDiff(a);
            if (!r.diff.isEmpty()) {
                diffLines_[index] = int(diffText_.count(QLatin1Char('\n'))) + 1;
                diffText_ += r.diff;
            }
        }
    } else {
        r.text = a.ok() ? qs(a.outputLine()) : qs(a.errorText());
        // kubectl's terminal: warnings as they come, the object's line; errors at the end.
        for (const QString& w : r.warnings) outputText_ += w + QLatin1Char('\n');
        if (a.ok())
            outputText_ += r.text + QLatin1Char('\n');
        output_->setPlainText(outputText_);
    }
    if (!a.ok()) {
        QList<int> lines = editor_->errorLines();
        if (r.line > 0 && !lines.contains(r.line))
            lines << r.line;
        editor_->setErrorLines(lines);
    }
    const int row = index;
    QString shown;
    if (running_ == Run::Diff) {
        if (!a.ok())
            shown = r.text;
        else if (r.operation == kubectl::ApplyOperation::Created)
            shown = tr("would be created (%1)").arg(diffCounts(r.diff));
        else if (!r.diff.isEmpty())
            shown = tr("would change (%1)").arg(diffCounts(r.diff));
        else
            shown = tr("no changes");
    } else {
        shown = r.text;
    }
    if (!r.warnings.isEmpty())
        shown += QLatin1Char('\n') + r.warnings.join(QLatin1Char('\n'));
    auto* item = new QTableWidgetItem(shown);
    item->setToolTip(shown);
    if (!r.ok)
        item->setForeground(theme::failure());
    else if (!r.warnings.isEmpty())
        item->setForeground(theme::warning());
    else if (r.operation == kubectl::ApplyOperation::Unchanged ||
             (running_ == Run::Diff && r.diff.isEmpty()))
        item->setForeground(theme::mutedText());
    table_->setItem(row, ResultColumn, item);
    if (!r.ok)
        table_->item(row, DocumentColumn)->setForeground(theme::failure());
    table_->resizeRowToContents(row);
    if (runner_->count() > 1 && index + 1 < runner_->count())
        setStatus(
            (running_ == Run::Diff ? tr("Diffing %1 of %2\u2026") : tr("Applying %1 of %2\u2026"))
                .arg(index + 2)
                .arg(runner_->count()));
}

void ApplyDialog::onRunFinished() {
    const Run run = running_;
    running_ = Run::None;
    int created = 0, configured = 0, unchanged = 0, failed = 0;
    std::vector<const kubectl::ObjectApply*> failures;
    // kubectl reports the objects it could not read first, then those it could not apply.
    for (int i = 0; i < runner_->count(); ++i)
        if (!runner_->at(i).object().ok())
            failures.push_back(&runner_->at(i));
    for (int i = 0; i < runner_->count(); ++i) {
        const kubectl::ObjectApply& a = runner_->at(i);
        if (!a.ok()) {
            ++failed;
            if (a.object().ok())
                failures.push_back(&a);
            continue;
        }
        const bool changes = run == Run::Apply ? a.operation() != kubectl::ApplyOperation::Unchanged
                                               : !results_[i].diff.isEmpty();
        if (a.operation() == kubectl::ApplyOperation::Created)
            ++created;
        else if (changes)
            ++configured;
        else
            ++unchanged;
    }
    QStringList parts;
    if (run == Run::Diff) {
        if (created)
            parts << tr("%1 to create").arg(created);
        if (configured)
            parts << tr("%1 to change").arg(configured);
        if (unchanged)
            parts << tr("%1 without changes").arg(unchanged);
        if (failed)
            parts << tr("%1 failed").arg(failed);
        diffView_->setDiff(diffText_);
        retranslate();  // the placeholder says "No differences." now
        setStatus(tr("Diff (server dry run): %1.").arg(parts.join(QStringLiteral(", "))),
                  failed > 0);
    } else {
        if (created)
            parts << tr("%1 created").arg(created);
        if (configured)
            parts << tr("%1 configured").arg(configured);
        if (unchanged)
            parts << tr("%1 unchanged").arg(unchanged);
        if (failed)
            parts << tr("%1 failed").arg(failed);
        outputText_ += qs(kubectl::applyErrorSummary(failures));
        output_->setPlainText(outputText_);
        setStatus((dryRun_ == kubectl::DryRun::Server ? tr("Applied (server dry run): %1.")
                                                      : tr("Applied: %1."))
                      .arg(parts.join(QStringLiteral(", "))),
                  failed > 0);
    }
    updateButtons();
    // The first problem, or the first change, is where the eye goes.
    int first = -1;
    for (int i = 0; i < results_.size() && first < 0; ++i)
        if (!results_[i].ok)
            first = i;
    for (int i = 0; i < results_.size() && first < 0; ++i)
        if (run == Run::Diff && !results_[i].diff.isEmpty())
            first = i;
    if (first >= 0)
        table_->setCurrentCell(first, ResultColumn);
    emit runFinished();
    if (run == Run::Apply && dryRun_ == kubectl::DryRun::None && created + configured > 0)
        emit applied();
}

void ApplyDialog::showResult(int row) {
    if (row < 0 || row >= results_.size())
        return;
    const Result& r = results_[row];
    if (r.line > 0)
        editor_->goToLine(r.line);
    if (lastRun_ == Run::Diff && row < diffLines_.size() && diffLines_[row] > 0) {
        tabs_->setCurrentWidget(diffView_);
        diffView_->showLine(diffLines_[row]);
    }
}

void ApplyDialog::setStatus(const QString& text, bool error) {
    statusIsAccess_ = false;
    status_->setText(text);
    status_->setStyleSheet(error ? QStringLiteral("color: %1;").arg(theme::failure().name())
                                 : QString());
}

void ApplyDialog::updateButtons() {
    const bool busy = isBusy();
    const bool hasText = !editor_->toPlainText().trimmed().isEmpty();
    // Diff is a server-side dry run: it needs the same permissions as Apply.
    const QString denied = allForbidden_ ? forbidden_ : QString();
    showPermission(diff_, !busy && hasText, denied);
    showPermission(apply_, !busy && hasText, denied);
    open_->setEnabled(!busy);
}

std::vector<kubectl::ApplyObject> ApplyDialog::readObjects() const {
    kubectl::ApplyOptions options;
    options.source = source_.toStdString();
    options.namespace_ =
        defaultNamespace().isEmpty() ? std::string("default") : defaultNamespace().toStdString();
    return kubectl::readObjects(editor_->toPlainText().toStdString(), options);
}

void ApplyDialog::setAccessReview(AccessReview* access) {
    if (access_)
        disconnect(access_, nullptr, this, nullptr);
    access_ = access;
    if (access_)
        connect(access_, &AccessReview::changed, this, &ApplyDialog::checkAccess);
    checkAccess();
}

void ApplyDialog::checkAccess() {
    forbidden_.clear();
    forbiddenCount_ = 0;
    objectCount_ = 0;
    // Over the embedded control plane the user may do everything: nothing to read the text for.
    if (access_ && client_.isRemote()) {
        for (const kubectl::ApplyObject& o : readObjects()) {
            if (!o.error.isOk() || !o.type)
                continue;  // a run reports it at its line
            ++objectCount_;
            const QString resource = QString::fromStdString(o.type->resource);
            const QString ns = QString::fromStdString(o.namespace_);
            const QString create = access_->deniedReason(Action::CreateObject, resource, ns);
            const QString patch = access_->deniedReason(Action::PatchObject, resource, ns);
            if (create.isEmpty() || patch.isEmpty())
                continue;
            ++forbiddenCount_;
            if (forbidden_.isEmpty())
                forbidden_ = create;
        }
    }
    allForbidden_ = objectCount_ > 0 && forbiddenCount_ == objectCount_;
    if (!isBusy()) {
        if (forbiddenCount_ > 0) {
            setStatus(allForbidden_ ? tr("Nothing here can be applied: %1").arg(forbiddenText(forbidden_))
                                    : tr("%1 of %2 objects cannot be applied: %3")
                                          .arg(forbiddenCount_)
                                          .arg(objectCount_)
                                          .arg(forbiddenText(forbidden_)),
                      true);
            statusIsAccess_ = true;
        } else if (statusIsAccess_) {
            setStatus(QString());
        }
    }
    updateButtons();
}

}  // namespace pilothouse::ui::apply
