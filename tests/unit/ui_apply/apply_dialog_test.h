// The Apply YAML dialog over a real simulated control plane: a multi-document text is applied as
// kubectl apply -f applies it (objects created, the pod scheduled), re-applied unchanged, changed
// (a diff first, then "configured"), a field removed from the manifest removed from the live
// object; an invalid document fails at its document and line while the others apply; a YAML
// syntax error names its line; a server dry run stores nothing; files open into the text. The
// dialog with a diff is saved as a PNG (apply-dialog-diff.png in the temp directory).
#pragma once

#include <QObject>

class ApplyDialogTest : public QObject {
    Q_OBJECT
private slots:
    void appliesDocumentsAndThePodIsScheduled();
    void changesShowInTheDiffThenApplyAsConfigured();
    void fieldRemovedFromTheManifestIsRemovedLive();
    void invalidDocumentFailsAloneAtItsLine();
    void yamlSyntaxErrorNamesItsLine();
    void serverDryRunStoresNothing();
    void opensSeveralFiles();
    void screenshotOfADiff();
};
