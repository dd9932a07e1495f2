// Apply YAML: paste or open manifests (several documents, several files), see what applying them
// would change and apply them — `kubectl diff -f` and `kubectl apply -f` over the client.
//
//   Diff   every object through kubectl diff's server dry run (kubectl::ApplyMode::Diff), then a
//          unified diff per object of the live object's YAML against the dry run's result, as
//          kubectl diff prints it (a new object: all +), coloured.
//   Apply  kubectl apply's requests per object (get, then create or the three-way patch; nothing
//          when unchanged), kubectl's line per document ("deployment.apps/web configured"), the API
//          server's errors at their document, the other documents still applied, as kubectl
//          does; "Server dry run" makes it kubectl apply --dry-run=server.
//
// The results table names each object's document and line; a click shows that line in the text and
// the object's diff. Lines with errors are marked in the text. All requests go through
// ControlPlaneClient::send, one at a time, so the dialog never blocks; a new run replaces one still
// on its way. Non-modal: the cluster goes on while it is open.
//
// With an AccessReview (a window on a server), the text's objects are checked as it is edited: an
// object whose user may neither create nor patch it (kubectl apply needs one of the two; which one
// depends on whether it exists) cannot be applied. When no object can, Diff and Apply are disabled
// with the server's 403 text; when some cannot, the status line says which.
#pragma once

#include <QDialog>
#include <QList>
#include <QPointer>
#include <QStringList>
#include <QVector>

#include "client/control_plane_client.h"
#include "kubectl/apply.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QTimer;

namespace pilothouse::ui {
class AccessReview;
}

namespace pilothouse::ui::apply {

class ApplyRunner;
class DiffView;
class ManifestEditor;

class ApplyDialog final : public QDialog {
    Q_OBJECT
public:
    enum class Run { None, Diff, Apply };

    // One object of the text and what became of it in the last run.
    struct Result {
        int document = 0;  // 1-based document of the text
        int item = -1;     // index in a List's items, or -1
        int line = 0;      // 1-based line of the text: the object's, or its error's field's
        QString object;    // "deployment.apps/web"; "" when it could not be read
        bool ok = false;
        kubectl::ApplyOperation operation = kubectl::ApplyOperation::None;
        // Apply: kubectl's line ("pod/web created", "... (server dry run)") or the error as kubectl
        // prints it ("Error from server (Invalid): error when creating \"STDIN\": ..."). Diff: the
        // error, or "".
        QString text;
        QStringList warnings;  // "Warning: ..." as kubectl prints them
        QString diff;          // Diff: this object's unified diff, "" when it would not change
    };

    ApplyDialog(ControlPlaneClient& client, QWidget* parent = nullptr);
    ~ApplyDialog() override;

    QString text() const;
    void setText(const QString& text);
    // Appends the files to the text, separated by "---" (a file that cannot be read is reported
    // in the status line). The source kubectl's errors name is the file when it is the only one.
    void openFiles(const QStringList& paths);
    // The namespace of objects that name none (kubectl's current context's; "default").
    QString defaultNamespace() const;
    void setDefaultNamespace(const QString& ns);
    // Apply as kubectl apply --dry-run=server.
    bool serverDryRun() const;
    void setServerDryRun(bool on);

    // Checks the objects against what the user may do (null: no checks, e.g. the embedded
    // control plane, whose user may do everything). `access` must outlive the dialog.
    void setAccessReview(AccessReview* access);
    // The 403 text of the first object that cannot be applied ("" when none); whether every object
    // of the text is such an object.
    QString forbiddenReason() const { return forbidden_; }
    bool allForbidden() const { return allForbidden_; }

    bool isBusy() const;
    Run lastRun() const { return lastRun_; }
    const QVector<Result>& results() const { return results_; }
    // The last Diff's whole output, as kubectl diff prints it.
    QString diffText() const;
    // The last Apply's output: kubectl's stdout lines, its warnings and its errors, in order.
    QString output() const;
    QString statusText() const;
    // Lines of the text marked as errors (1-based).
    QList<int> errorLines() const;

public slots:
    void diffNow();
    void applyNow();
    void openFilesDialog();

signals:
    // A Diff or an Apply finished; results() is complete.
    void runFinished();
    // An Apply (not a dry run) created or changed at least one object.
    void applied();

protected:
    void changeEvent(QEvent* event) override;

private:
    void build();
    void retranslate();
    void start(Run run);
    void onObjectFinished(int index);
    void onRunFinished();
    void showResult(int row);
    void setStatus(const QString& text, bool error = false);
    void updateButtons();
    void checkAccess();
    // The text's objects as kubectl apply reads them (the source, the default namespace).
    std::vector<kubectl::ApplyObject> readObjects() const;
    void applyTheme();

    ControlPlaneClient& client_;
    ManifestEditor* editor_ = nullptr;
    QLabel* namespaceLabel_ = nullptr;
    QLineEdit* namespace_ = nullptr;
    QCheckBox* serverDryRun_ = nullptr;
    QPushButton* open_ = nullptr;
    QPushButton* diff_ = nullptr;
    QPushButton* apply_ = nullptr;
    QPushButton* close_ = nullptr;
    QTableWidget* table_ = nullptr;
    QTabWidget* tabs_ = nullptr;
    DiffView* diffView_ = nullptr;
    QPlainTextEdit* output_ = nullptr;
    QLabel* status_ = nullptr;

    QPointer<AccessReview> access_;
    QTimer* accessCheck_ = nullptr;  // the text settled: check its objects again
    QString forbidden_;
    int forbiddenCount_ = 0;
    int objectCount_ = 0;
    bool allForbidden_ = false;
    bool statusIsAccess_ = false;  // the status line says what checkAccess() found
    QPointer<ApplyRunner> runner_;
    Run running_ = Run::None;
    Run lastRun_ = Run::None;
    kubectl::DryRun dryRun_ = kubectl::DryRun::None;
    QVector<Result> results_;
    QVector<int> diffLines_;  // per result: its first line in the diff view (0: none)
    QString outputText_;
    QString diffText_;
    QString source_ = QStringLiteral("STDIN");
    QStringList opened_;
};

}  // namespace pilothouse::ui::apply
