// The object an editor is changing: the object as it was read from the API server (the original,
// with its resourceVersion) and the draft the form and the YAML view both edit — one JSON value,
// so the two views always show the same object. It also holds the last error the API server (or
// the YAML reader) gave for the draft, with each cause's field path, for the views to show at the
// field.
//
// What is sent is derived from the two: for an existing object, the merge patch from the original
// to the draft with metadata.resourceVersion as a precondition (what `kubectl edit` sends: a
// Conflict when someone else wrote the object in between), the status part separately for the
// status subresource; for a new one, the draft itself.
#pragma once

#include <QObject>
#include <QString>

#include <vector>

#include "api/codec/value.h"
#include "api/scheme.h"
#include "client/api_request.h"
#include "editor/field_path.h"
#include "util/status.h"

namespace pilothouse::ui::editor {

class ObjectDraft final : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Starts from an object read from the API server (original = draft).
    void load(const google::protobuf::Message& object, const api::ResourceType& type);
    // Starts a new object of `type` from `object` (nothing to compare with: it will be created).
    void startNew(const api::ResourceType& type, codec::Value object);
    void clear();

    bool isLoaded() const { return type_ != nullptr; }
    bool isNew() const { return isNew_; }
    const api::ResourceType* type() const { return type_; }
    const codec::Value& value() const { return draft_; }
    const codec::Value& original() const { return original_; }
    QString name() const;
    QString namespace_() const;
    QString resourceVersion() const;
    // The draft differs from the original (or is new).
    bool isDirty() const;

    // One field changed (the form); `source` is the widget that made the change (it need not be
    // refreshed).
    void setField(const FieldPath& path, codec::Value value, const QObject* source = nullptr);
    // The whole draft replaced (the YAML view); an error names the line.
    Status setYaml(const QString& text, const QObject* source = nullptr);
    QString yaml() const;

    // The error to show: its message and causes (field paths). OK when there is none.
    void setError(const Status& error);
    void clearError() { setError(Status()); }
    const Status& error() const { return error_; }
    // Where in the object a cause's field is: its path, except where upstream's validation names a
    // field by another path (ValidateNode reports spec.taints as metadata.taints).
    FieldPath locate(const StatusCause& cause) const;
    // The causes at `path` or below it.
    std::vector<StatusCause> causesAt(const FieldPath& path) const;
    // Causes no form field claims are shown above the form; `claimed` lists the forms' paths.
    std::vector<StatusCause> unclaimedCauses(const std::vector<FieldPath>& claimed) const;

    // For an existing object: the merge patch of everything but the status (with the original's
    // resourceVersion as a precondition), and of the status alone; empty objects when nothing
    // changed there.
    codec::Value specPatch() const;
    codec::Value statusPatch() const;
    // The draft as a typed object (create, a what-if); decoding errors name the field.
    StatusOr<ObjectPtr> decoded() const;

signals:
    // The draft changed (not by `source`), or was loaded.
    void changed(const QObject* source);
    void errorChanged();

private:
    const api::ResourceType* type_ = nullptr;
    bool isNew_ = false;
    codec::Value original_;
    codec::Value draft_;
    Status error_;
};

}  // namespace pilothouse::ui::editor
