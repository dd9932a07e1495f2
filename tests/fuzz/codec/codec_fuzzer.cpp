// The codec's fuzz target: untrusted text (a manifest file, soon an HTTP body) through every reader
// into typed objects, and what was decoded back out again.
//
// Built two ways from this one file (tests/fuzz/CMakeLists.txt):
//  - with clang and libFuzzer (`cmake --preset fuzz`), the campaign binary build-fuzz/tests/fuzz/codec_fuzzer;
//  - with g++ as the CTest test codec_fuzz_replay, which runs every input of corpus/ and crashes/ once,
//    so every crash ever found stays fixed.
//
// Besides not crashing (AddressSanitizer and UBSan watch in the fuzz build), it checks what must
// hold for any input the codec accepts: an object decoded from it and printed again as JSON and as
// YAML reads back to the same object. And a text read as a List in parts on several threads gives
// what one reader gives.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "api/codec/json.h"
#include "api/codec/manifest.h"
#include "api/codec/proto_json.h"
#include "api/codec/yaml.h"

namespace codec = pilothouse::codec;

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "codec_fuzzer: %s\n%s\n", what, detail.c_str());
    std::abort();
}

// An object the codec accepted, printed and read again, must be the same object.
void checkRoundTrip(const codec::Manifest& m) {
    if (!m.type || !m.object) return;
    const codec::Value printed = codec::encodeMessage(*m.object);
    const std::string json = codec::toJson(printed);
    auto fromJson = codec::parseJson(json);
    if (!fromJson) fail("our JSON does not read back", fromJson.status().message() + "\n" + json);
    auto again = codec::decodeObject(*fromJson, *m.type, nullptr);
    if (!again) fail("our JSON does not decode back", again.status().message() + "\n" + json);
    if (!(codec::encodeMessage(**again) == printed)) fail("JSON round trip changed the object", json);

    const std::string yaml = codec::toYaml(printed);
    auto fromYaml = codec::parseYamlDocuments(yaml);
    if (!fromYaml || fromYaml->size() != 1) fail("our YAML does not read back", (fromYaml ? std::string("not one document") : fromYaml.status().message()) + "\n" + yaml);
    auto again2 = codec::decodeObject((*fromYaml)[0], *m.type, nullptr);
    if (!again2) fail("our YAML does not decode back", again2.status().message() + "\n" + yaml);
    if (!(codec::encodeMessage(**again2) == printed)) fail("YAML round trip changed the object", yaml);
}

// A manifest's typed object as printed ("" when it has none): what two readings are compared by.
std::string printedObject(const codec::Manifest& m) { return m.object ? codec::toJson(codec::encodeMessage(*m.object)) : std::string(); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    // The readers alone.
    (void)codec::parseJson(text);
    (void)codec::parseYamlDocuments(text);

    // Manifests (JSON or YAML, Lists unpacked item by item), into typed objects.
    std::vector<std::string> warnings;
    codec::LoadOptions options;
    options.unknownKinds = codec::UnknownKinds::Keep;
    options.listParts = 1;
    auto manifests = codec::loadManifests(text, "fuzz", &warnings, options);
    if (manifests) {
        for (const auto& m : *manifests) checkRoundTrip(m);
    }

    // A List read in parts on several threads (list_parts.h) is what one reader makes of it: the same
    // objects, places, warnings and errors.
    for (int parts : {2, 3}) {
        std::vector<std::string> partWarnings;
        options.listParts = parts;
        auto inParts = codec::loadManifests(text, "fuzz", &partWarnings, options);
        if (inParts.isOk() != manifests.isOk()) fail("read in parts, the text is accepted differently", std::string(text));
        if (!inParts) {
            if (inParts.status().message() != manifests.status().message())
                fail("read in parts, the error differs", inParts.status().message() + "\n" + manifests.status().message());
            continue;
        }
        if (partWarnings != warnings) fail("read in parts, the warnings differ", std::string(text));
        if (inParts->size() != manifests->size()) fail("read in parts, the objects differ in number", std::string(text));
        for (size_t i = 0; i < inParts->size(); ++i) {
            const auto& a = (*inParts)[i];
            const auto& b = (*manifests)[i];
            // Compared as printed: a NaN read from ".nan" is equal to no Value, not even itself.
            if (a.location() != b.location() || a.kind != b.kind || codec::toJson(a.raw) != codec::toJson(b.raw) ||
                (a.object && codec::toJson(codec::encodeMessage(*a.object)) != codec::toJson(codec::encodeMessage(*b.object))))
                fail("read in parts, an object differs", a.location() + " / " + b.location());
        }
    }

    // In parts without keeping values (as snapshots are read: LoadOptions::keepRaw off), whose lines
    // are then not counted from the text's start: the same objects, places and warnings.
    if (manifests) {
        codec::LoadOptions typedOnly = options;
        typedOnly.keepRaw = false;
        for (int parts : {2, 3}) {
            typedOnly.listParts = parts;
            std::vector<std::string> typedWarnings;
            auto typed = codec::loadManifests(text, "fuzz", &typedWarnings, typedOnly);
            if (!typed) fail("read in parts without values, the text is refused", typed.status().message());
            if (typedWarnings != warnings) fail("read in parts without values, the warnings differ", std::string(text));
            if (typed->size() != manifests->size()) fail("read in parts without values, the objects differ in number", std::string(text));
            for (size_t i = 0; i < typed->size(); ++i) {
                const auto& a = (*typed)[i];
                const auto& b = (*manifests)[i];
                if (a.location() != b.location() || a.kind != b.kind || printedObject(a) != printedObject(b))
                    fail("read in parts without values, an object differs", a.location() + " / " + b.location());
            }
        }
    }

    // Dropping managedFields (what snapshots are read with): a List's items are read past it without
    // building it, whole or in parts; the rest is what reading it and erasing it gives. Its content
    // no longer counts, so a text refused for what managedFields holds may now be accepted.
    if (manifests) {
        codec::LoadOptions dropping = options;
        dropping.dropManagedFields = true;
        for (int parts : {1, 2}) {
            dropping.listParts = parts;
            std::vector<std::string> dropWarnings;
            auto dropped = codec::loadManifests(text, "fuzz", &dropWarnings, dropping);
            if (!dropped) fail("dropping managedFields, the text is refused", dropped.status().message());
            if (dropped->size() != manifests->size()) fail("dropping managedFields, the objects differ in number", std::string(text));
            for (size_t i = 0; i < dropped->size(); ++i) {
                const auto& a = (*dropped)[i];
                const auto& b = (*manifests)[i];
                codec::Value raw = b.raw;
                if (b.object) {  // a kind the scheme serves: its managedFields are dropped
                    if (codec::Value* md = raw.find("metadata"); md && md->isObject()) md->erase("managedFields");
                }
                const std::string objectA = printedObject(a);
                std::string objectB;
                if (b.object) {
                    auto copy = std::unique_ptr<google::protobuf::Message>(b.object->New());
                    copy->CopyFrom(*b.object);
                    codec::Value printed = codec::encodeMessage(*copy);
                    if (codec::Value* md = printed.find("metadata"); md && md->isObject()) md->erase("managedFields");
                    objectB = codec::toJson(printed);
                }
                if (a.location() != b.location() || a.kind != b.kind || codec::toJson(a.raw) != codec::toJson(raw) ||
                    objectA != objectB)
                    fail("dropping managedFields, an object differs", a.location() + "\n" + std::string(text));
            }
        }
    }
    return 0;
}
