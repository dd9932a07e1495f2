#include "api/codec/protobuf.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

#include "json_options.pb.h"
#include "util/rfc3339.h"

namespace pilothouse::codec {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::internal::WireFormatLite;
namespace io = google::protobuf::io;

namespace {

const char* kNotProtobuf =
    "provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]";

// The fields of a small upstream message ({seconds, nanos}, {string}, {Raw}), by number.
struct Fields {
    int64_t varint[4] = {0, 0, 0, 0};
    std::string bytes[4];
};

bool readSmall(std::string_view data, Fields* out) {
    io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data.data()), int(data.size()));
    while (uint32_t tag = in.ReadTag()) {
        const int number = int(WireFormatLite::GetTagFieldNumber(tag));
        const auto type = WireFormatLite::GetTagWireType(tag);
        if (number < 1 || number > 3) {
            if (!WireFormatLite::SkipField(&in, tag)) return false;
            continue;
        }
        if (type == WireFormatLite::WIRETYPE_VARINT) {
            uint64_t v = 0;
            if (!in.ReadVarint64(&v)) return false;
            out->varint[number] = int64_t(v);
        } else if (type == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!WireFormatLite::ReadBytes(&in, &out->bytes[number])) return false;
        } else if (!WireFormatLite::SkipField(&in, tag)) {
            return false;
        }
    }
    return in.ConsumedEntireMessage();
}

// Upstream's special messages as the object model's strings; false when they do not parse.
// An empty Time (the zero time) yields "" and the field is left out.
bool convertSpecial(pilothouse::api::JsonKind kind, std::string_view data, std::string* out) {
    Fields f;
    if (!readSmall(data, &f)) return false;
    switch (kind) {
        case pilothouse::api::TIME:
        case pilothouse::api::MICRO_TIME: {
            if (f.varint[1] == 0 && f.varint[2] == 0) {
                out->clear();
                return true;
            }
            const int64_t nanos = f.varint[1] * 1'000'000'000 + f.varint[2];
            *out = kind == pilothouse::api::TIME ? rfc3339::format(nanos) : rfc3339::formatMicro(nanos);
            return true;
        }
        case pilothouse::api::QUANTITY:
        case pilothouse::api::RAW_JSON: *out = f.bytes[1]; return true;
        default: return false;
    }
}

// Rewrites one message of upstream's encoding into the object model's. `valueKind`: the kind the
// message's field 2 takes (a map entry whose values are Quantities or Times).
bool transcode(std::string_view data, const Descriptor& message, std::string* out,
               pilothouse::api::JsonKind valueKind = pilothouse::api::JSON_DEFAULT) {
    io::CodedInputStream in(reinterpret_cast<const uint8_t*>(data.data()), int(data.size()));
    in.SetRecursionLimit(100);
    io::StringOutputStream stream(out);
    io::CodedOutputStream output(&stream);
    while (uint32_t tag = in.ReadTag()) {
        const int number = int(WireFormatLite::GetTagFieldNumber(tag));
        const FieldDescriptor* field = message.FindFieldByNumber(number);
        if (!field || WireFormatLite::GetTagWireType(tag) != WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            // Unknown fields are dropped (as a decoder of an older version would); scalars copy.
            if (!field) {
                if (!WireFormatLite::SkipField(&in, tag)) return false;
                continue;
            }
            if (!WireFormatLite::SkipField(&in, tag, &output)) return false;
            continue;
        }
        std::string bytes;
        if (!WireFormatLite::ReadBytes(&in, &bytes)) return false;
        pilothouse::api::JsonKind kind = field->options().GetExtension(pilothouse::api::kind);
        if (number == 2 && valueKind != pilothouse::api::JSON_DEFAULT) kind = valueKind;
        std::string converted;
        if (kind != pilothouse::api::JSON_DEFAULT && field->cpp_type() == FieldDescriptor::CPPTYPE_STRING) {
            if (!convertSpecial(kind, bytes, &converted)) return false;
            if (converted.empty() && (kind == pilothouse::api::TIME || kind == pilothouse::api::MICRO_TIME) &&
                !field->is_repeated())
                continue;
        } else if (field->is_map()) {
            if (!transcode(bytes, *field->message_type(), &converted, field->options().GetExtension(pilothouse::api::kind)))
                return false;
        } else if (field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
            if (!transcode(bytes, *field->message_type(), &converted)) return false;
        } else {
            converted = std::move(bytes);  // strings, bytes, packed scalars
        }
        output.WriteTag(tag);
        output.WriteVarint32(uint32_t(converted.size()));
        output.WriteRaw(converted.data(), int(converted.size()));
    }
    return in.ConsumedEntireMessage() && !output.HadError();
}

}  // namespace

StatusOr<ProtobufEnvelope> readProtobufEnvelope(std::string_view body) {
    if (body.size() < kProtobufMagic.size() || body.substr(0, kProtobufMagic.size()) != kProtobufMagic)
        return Status(StatusCode::InvalidArgument, kNotProtobuf);
    body.remove_prefix(kProtobufMagic.size());
    io::CodedInputStream in(reinterpret_cast<const uint8_t*>(body.data()), int(body.size()));
    ProtobufEnvelope envelope;
    while (uint32_t tag = in.ReadTag()) {
        const int number = int(WireFormatLite::GetTagFieldNumber(tag));
        if (WireFormatLite::GetTagWireType(tag) != WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!WireFormatLite::SkipField(&in, tag)) break;
            continue;
        }
        std::string bytes;
        if (!WireFormatLite::ReadBytes(&in, &bytes)) return Status(StatusCode::InvalidArgument, kNotProtobuf);
        if (number == 1) {
            Fields typeMeta;
            if (!readSmall(bytes, &typeMeta)) return Status(StatusCode::InvalidArgument, kNotProtobuf);
            envelope.apiVersion = typeMeta.bytes[1];
            envelope.kind = typeMeta.bytes[2];
        } else if (number == 2) {
            envelope.raw = std::move(bytes);
        }
    }
    if (!in.ConsumedEntireMessage()) return Status(StatusCode::InvalidArgument, kNotProtobuf);
    return envelope;
}

Status decodeUpstreamProtobuf(std::string_view raw, google::protobuf::Message* message) {
    std::string ours;
    if (!transcode(raw, *message->GetDescriptor(), &ours) || !message->ParseFromString(ours))
        return Status(StatusCode::InvalidArgument,
                      "the protobuf body does not hold a " + message->GetDescriptor()->name() + " in Kubernetes' encoding");
    return {};
}

}  // namespace pilothouse::codec
