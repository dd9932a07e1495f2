#include "api/codec/manifest.h"

#include <functional>
#include <iostream>
#include <iterator>
#include <optional>
#include <thread>

#include "util/mapped_file.h"

#include "api/codec/json.h"
#include "api/codec/list_parts.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"
#include "api/codec/yaml_documents.h"

namespace pilothouse::codec {

std::string Manifest::location() const {
    std::string out = source + ": document " + std::to_string(document);
    if (item >= 0) out += ", items[" + std::to_string(item) + "]";
    return out;
}

StatusOr<std::unique_ptr<google::protobuf::Message>> decodeObject(
    const Value& value, const api::ResourceType& type, std::vector<std::string>* warnings) {
    auto object = type.newObject();
    Status st = decodeMessage(value, object.get(), warnings);
    if (!st.isOk()) {
        // kube-apiserver's wording for a body it cannot decode.
        Status wrapped(StatusCode::InvalidArgument,
                       type.kind + " in version \"" + type.version + "\" cannot be handled as a " +
                           type.kind + ": " + st.message());
        for (const auto& c : st.causes()) wrapped.addCause(c);
        return wrapped;
    }
    return object;
}

namespace {

Status placeError(const Manifest& m, const Status& st) {
    Status out(st.code(), m.location() + ": " + st.message());
    for (const auto& c : st.causes()) out.addCause(c);
    return out;
}

// A warning of an item whose index in its List is not known yet (a part of a List read on its own
// thread): the index within the part, and the text after the place.
using PartWarnings = std::vector<std::pair<int, std::string>>;

Status addObject(Value&& v, const std::string& source, int document, int item,
                 std::vector<Manifest>* out, std::vector<std::string>* warnings,
                 const LoadOptions& options, PartWarnings* partWarnings = nullptr) {
    Manifest m;
    m.source = source;
    m.document = document;
    m.item = item;
    if (!v.isObject()) {
        return Status(StatusCode::InvalidArgument,
                      m.location() + ": expected a Kubernetes object, got " + v.typeName());
    }
    if (item >= 0 && !options.itemKind.empty() && !v.find("apiVersion") && !v.find("kind")) {
        v.set("apiVersion", options.itemApiVersion);
        v.set("kind", options.itemKind);
    }
    const Value* apiVersion = v.find("apiVersion");
    const Value* kind = v.find("kind");
    std::vector<std::string> missing;
    if (!apiVersion || !apiVersion->isString() || apiVersion->asString().empty())
        missing.push_back("apiVersion not set");
    if (!kind || !kind->isString() || kind->asString().empty()) missing.push_back("kind not set");
    if (!missing.empty()) {
        std::string msg = m.location() + ": error validating data: [";
        for (size_t i = 0; i < missing.size(); ++i) msg += (i ? ", " : "") + missing[i];
        return Status(StatusCode::InvalidArgument, msg + "]");
    }
    m.apiVersion = apiVersion->asString();
    m.kind = kind->asString();
    m.type = api::Scheme::instance().byKind(m.apiVersion, m.kind);
    if (!m.type) {
        if (options.unknownKinds == UnknownKinds::Keep) {
            m.raw = std::move(v);
            out->push_back(std::move(m));
            return {};
        }
        std::string name;
        if (const Value* md = v.find("metadata"); md && md->find("name") && md->find("name")->isString())
            name = md->find("name")->asString();
        return Status(StatusCode::NotFound,
                      m.location() + ": resource mapping not found for name: \"" + name +
                          "\": no matches for kind \"" + m.kind + "\" in version \"" +
                          m.apiVersion + "\"");
    }
    if (options.dropManagedFields) {
        if (Value* md = v.find("metadata"); md && md->isObject()) md->erase("managedFields");
    }
    std::vector<std::string> local;
    auto object = decodeObject(v, *m.type, &local);
    if (!object) return placeError(m, object.status());
    for (auto& w : local) {
        if (partWarnings) partWarnings->emplace_back(item, std::move(w));
        else warnings->push_back(m.location() + ": " + w);
    }
    m.object = std::move(*object);
    if (options.keepRaw) m.raw = std::move(v);
    out->push_back(std::move(m));
    return {};
}

bool isList(const Value& doc) {
    const Value* kind = doc.find("kind");
    const Value* items = doc.find("items");
    if (!kind || !kind->isString()) return false;
    const std::string& k = kind->asString();
    return k.size() >= 4 && k.compare(k.size() - 4, 4, "List") == 0 && (!items || items->isArray() || items->isNull());
}

}  // namespace

namespace {

// The objects of one document: a List's items one by one as the reader reaches them, else the document.
class DocumentLoader {
public:
    DocumentLoader(const std::string& source, int document, const LoadOptions& options)
        : source_(source), document_(document), options_(options) {}

    // For the reader: each item of the top-level "items" array, decoded at once (a thread decoding
    // them while the reader reads gained 7% and cost 60% more CPU time: the items' memory, made on
    // one core and read and freed on the other, travels between them). After the first error the rest
    // are only counted (the error is reported if the document turns out to be a List).
    ItemSink sink() {
        return [this](Value&& item, int index) {
            ++handedOut_;
            if (!error_.isOk()) return;
            error_ = addObject(std::move(item), source_, document_, index, &items_, &warnings_, options_);
        };
    }

    // The document as read. False: its items were handed out but it is no List, so it must be read
    // again without a sink (it has an "items" array of its own).
    StatusOr<bool> finish(Value&& doc, std::vector<Manifest>* out, std::vector<std::string>* warnings) {
        if (handedOut_ > 0) {
            if (!doc.isObject() || !isList(doc)) return false;
            if (!error_.isOk()) return error_;
            move(out, warnings);
            return true;
        }
        if (doc.isNull()) return true;
        if (doc.isObject() && isList(doc)) {
            if (Value* items = doc.find("items"); items && items->isArray()) {
                int index = 0;
                for (Value& item : items->asArray())
                    PH_RETURN_IF_ERROR(addObject(std::move(item), source_, document_, index++, &items_, &warnings_, options_));
            }
        } else {
            PH_RETURN_IF_ERROR(addObject(std::move(doc), source_, document_, -1, &items_, &warnings_, options_));
        }
        move(out, warnings);
        return true;
    }

private:
    void move(std::vector<Manifest>* out, std::vector<std::string>* warnings) {
        for (auto& m : items_) out->push_back(std::move(m));
        for (auto& w : warnings_) warnings->push_back(std::move(w));
        items_.clear();
        warnings_.clear();
    }

    const std::string& source_;
    int document_;
    const LoadOptions& options_;
    std::vector<Manifest> items_;
    std::vector<std::string> warnings_;
    Status error_;
    int handedOut_ = 0;
};

// Told that a reader is done with the bytes [from, to) of the text.
using Release = std::function<void(size_t from, size_t to)>;

// A reader's progress, as releases of what it has passed: it reads a text starting at `base` in the
// file, from `start` on (empty without a release).
ReadProgress releasing(const Release& release, size_t base, size_t start) {
    if (!release) return {};
    return [&release, base, from = start](size_t offset) mutable {
        if (base + offset <= from) return;
        release(from, base + offset);
        from = base + offset;
    };
}

// What one part's reader made.
struct PartRead {
    std::vector<Manifest> items;  // `item` counts from the part's first
    PartWarnings warnings;
    Status problem;  // an item's
    StatusOr<Value> document = Value();
};

// Where a text read in parts sits in its file: a YAML document cut out of it (yaml_documents.h).
struct Place {
    int document = 1;
    int lines = 0;      // lines before it
    size_t offset = 0;  // bytes before it
};

// A List (a JSON text, or one YAML document) read in parts, one thread each (list_parts.h). Nothing
// when the text is to be read whole: it is small, shows no List layout, or a part did not read on its
// own (then the whole text says what is wrong, in the one reader's words).

std::optional<std::vector<Manifest>> loadInParts(std::string_view text, bool json, const Place& place,
                                                 const std::string& source, std::vector<std::string>* warnings,
                                                 const LoadOptions& options, const Release& release) {
    const int wanted = options.listParts > 0 ? options.listParts : listPartsFor(text.size());
    std::vector<ListPart> parts = findListParts(text, json ? ListFormat::Json : ListFormat::Yaml, wanted);
    if (parts.size() < 2) return std::nullopt;
    // Values not kept: nobody reads their lines, and counting them would cost a part's reader a pass
    // over every part before its own.
    for (ListPart& part : parts) part.countLines = options.keepRaw;
    std::vector<PartRead> reads(parts.size());
    auto read = [&](size_t k) {
        PartRead& r = reads[k];
        ItemSink sink = [&](Value&& item, int index) {
            if (r.problem.isOk()) r.problem = addObject(std::move(item), source, place.document, index, &r.items, nullptr, options, &r.warnings);
        };
        const ReadProgress progress = releasing(release, place.offset, place.offset + parts[k].begin);
        r.document = json ? parseJsonListPart(text, parts[k], sink, progress, options.dropManagedFields)
                          : readYamlListPart(text, parts[k], sink, progress, place.lines, options.dropManagedFields);
    };
    std::vector<std::thread> threads;
    for (size_t k = 1; k < parts.size(); ++k) threads.emplace_back(read, k);
    read(0);
    for (auto& t : threads) t.join();
    for (const auto& r : reads)
        if (!r.document.isOk() || !r.problem.isOk()) return std::nullopt;
    Value document = std::move(*reads.front().document);
    for (auto& [key, value] : reads.back().document->asObject())
        if (key != "items") document.set(key, std::move(value));
    if (!isList(document)) return std::nullopt;
    std::vector<Manifest> out;
    size_t total = 0;
    for (const auto& r : reads) total += r.items.size();
    out.reserve(total);
    int base = 0;
    for (auto& r : reads) {
        for (auto& [index, w] : r.warnings) {
            Manifest where;
            where.source = source;
            where.document = place.document;
            where.item = base + index;
            warnings->push_back(where.location() + ": " + w);
        }
        for (auto& m : r.items) {
            m.item += base;
            out.push_back(std::move(m));
        }
        base += int(r.items.size());
    }
    return out;
}

StatusOr<std::vector<Manifest>> load(std::string_view text, const std::string& source,
                                     std::vector<std::string>* warnings, const LoadOptions& options,
                                     bool streamItems, const Release& release) {
    std::vector<Manifest> out;
    size_t first = text.find_first_not_of(" \t\r\n");
    const bool json = first != std::string_view::npos && text[first] == '{';
    if (streamItems && json) {
        if (auto parts = loadInParts(text, true, Place{}, source, warnings, options, release)) return std::move(*parts);
    }
    if (json) {
        const ReadProgress progress = streamItems ? releasing(release, 0, 0) : ReadProgress{};
        DocumentLoader loader(source, 1, options);
        auto v = streamItems ? parseJson(text, loader.sink(), progress, options.dropManagedFields) : parseJson(text);
        if (!v) return Status(StatusCode::InvalidArgument, "error parsing " + source + ": " + v.status().message());
        auto finished = loader.finish(std::move(*v), &out, warnings);
        if (!finished) return finished.status();
        if (!*finished) return load(text, source, warnings, options, false, {});
        return out;
    }
    // Cut into documents first, as kubectl does: each is parsed alone, and a syntax error's line counts
    // from its document's first line.
    int documentNumber = 0;  // documents before this one
    for (const YamlDocumentText& d : splitYamlDocuments(text)) {
        documentNumber += d.emptyBefore;
        int last = documentNumber + 1;  // a text may hold more than one document for libyaml ("...")
        bool read = d.blank;
        if (!read && streamItems) {
            const Place place{documentNumber + 1, d.firstLine - 1, d.offset};
            if (auto parts = loadInParts(d.text, false, place, source, warnings, options, release)) {
                for (auto& m : *parts) out.push_back(std::move(m));
                read = true;
            }
        }
        if (!read) {
            std::unique_ptr<DocumentLoader> loader;
            bool again = false;
            Status problem;  // an object's, as opposed to the reader's
            const ReadProgress documentProgress = streamItems ? releasing(release, d.offset, d.offset) : ReadProgress{};
            Status st = readYamlDocuments(
                d.text,
                [&](int document) -> ItemSink {
                    last = document;
                    loader = std::make_unique<DocumentLoader>(source, document, options);
                    return streamItems ? loader->sink() : ItemSink{};
                },
                [&](int, Value&& doc) -> Status {
                    auto finished = loader->finish(std::move(doc), &out, warnings);
                    if (!finished) problem = finished.status();
                    else if (!*finished) again = true;
                    // Stop reading: either way the rest is not needed.
                    return problem.isOk() && !again ? Status() : Status(StatusCode::Aborted, "stopped");
                },
                documentProgress, YamlOrigin{d.firstLine - 1, documentNumber});
            if (!problem.isOk()) return problem;
            if (again) return load(text, source, warnings, options, false, {});
            if (!st.isOk())
                return Status(StatusCode::InvalidArgument,
                              "error parsing " + source + ": error converting YAML to JSON: " + st.message());
        }
        documentNumber = last;
        if (!d.badSeparator.empty())
            return Status(StatusCode::InvalidArgument, "error parsing " + source + ": invalid Yaml document separator: " + d.badSeparator);
    }
    return out;
}

}  // namespace

StatusOr<std::vector<Manifest>> loadManifests(std::string_view text, const std::string& source,
                                              std::vector<std::string>* warnings,
                                              const LoadOptions& options) {
    std::vector<std::string> sink;
    return load(text, source, warnings ? warnings : &sink, options, true, {});
}

StatusOr<std::vector<Manifest>> loadManifestFile(const std::string& path,
                                                 std::vector<std::string>* warnings,
                                                 const LoadOptions& options) {
    std::vector<std::string> sink;
    if (!warnings) warnings = &sink;
    if (path == "-") {
        std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
        if (std::cin.bad()) return Status(StatusCode::DataLoss, "error reading standard input");
        return load(text, path, warnings, options, true, {});
    }
    // Mapped, not copied: the readers give back the pages they are done with, so a file of several
    // hundred megabytes never sits in memory beside the objects decoded from it.
    auto file = MappedFile::open(path);
    if (!file) return file.status();
    return load(file->text(), path, warnings, options, true, [&](size_t from, size_t to) { file->release(from, to); });
}

}  // namespace pilothouse::codec
