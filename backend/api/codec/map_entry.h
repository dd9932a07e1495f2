// Adding an entry to a protobuf map field through reflection, straight into the map.
//
// Reflection's public API reaches a map field only through its repeated-field view (AddMessage of
// an entry message). A map filled that way holds its entries twice as soon as generated code reads
// it (labels(), requests(): protobuf then builds the hash map beside the repeated view and keeps
// both): for a snapshot of 150,000 pods that is 230 MB more, and time. protobuf 3.21 keeps the
// direct way, Reflection::InsertOrLookupMapValue, for its own parsers and for the friends it names;
// one of them, MapReflectionTester, is defined only by protobuf's test suite, never by the library,
// so this header defines it, with this one function.
#pragma once

#include <google/protobuf/map_field.h>
#include <google/protobuf/message.h>

namespace google::protobuf {

class MapReflectionTester {
public:
    // The value of `key` in the map field `field` of `message`, inserted empty if absent.
    static MapValueRef insertOrLookup(const Reflection* reflection, Message* message, const FieldDescriptor* field,
                                      const MapKey& key) {
        MapValueRef value;
        reflection->InsertOrLookupMapValue(message, field, key, &value);
        return value;
    }
};

}  // namespace google::protobuf
