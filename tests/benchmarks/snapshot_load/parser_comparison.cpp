// The candidates for the codec's readers, each reading one file with nothing built from it (how the
// choice in issue 20 was made; README "Loading a cluster snapshot"). Built only where the other
// libraries are installed: apt-get install libsimdjson-dev libyaml-cpp-dev libfyaml-dev.
//   parser_comparison FILE.json FILE.yaml
// JSON: RapidJSON's SAX reader (iterative, numbers as text: what json.cpp uses) against simdjson's On
// Demand API (every value visited, numbers as raw tokens). YAML: libyaml's event parser (what yaml.cpp
// uses) against yaml-cpp's event parser and libfyaml's. Best of three runs, MB/s.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include <libfyaml.h>
#include <rapidjson/reader.h>
#include <simdjson.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>
#include <yaml.h>

namespace {

std::string slurp(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct CountingHandler : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, CountingHandler> {
    size_t n = 0;
    bool Default() { return ++n; }
    bool String(const char*, rapidjson::SizeType, bool) { return ++n; }
    bool Key(const char*, rapidjson::SizeType, bool) { return ++n; }
    bool RawNumber(const char*, rapidjson::SizeType, bool) { return ++n; }
};

size_t visit(simdjson::ondemand::value v) {
    size_t n = 1;
    switch (v.type()) {
        case simdjson::ondemand::json_type::object:
            for (auto field : v.get_object()) {
                std::string_view key = field.unescaped_key();
                (void)key;
                n += visit(field.value());
            }
            break;
        case simdjson::ondemand::json_type::array:
            for (auto e : v.get_array()) n += visit(e.value());
            break;
        case simdjson::ondemand::json_type::string: {
            std::string_view s = v.get_string();
            (void)s;
            break;
        }
        default: (void)v.raw_json_token();
    }
    return n;
}

struct CountingEvents : YAML::EventHandler {
    size_t n = 0;
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override { ++n; }
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override { ++n; }
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override { ++n; }
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override { ++n; }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override { ++n; }
    void OnMapEnd() override {}
};

void measure(const char* name, const std::string& text, const std::function<size_t()>& read) {
    double best = 1e30;
    size_t events = 0;
    for (int i = 0; i < 3; ++i) {
        const auto start = std::chrono::steady_clock::now();
        events = read();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::printf("%-34s %10zu events %8.3f s %8.0f MB/s\n", name, events, best, double(text.size()) / 1e6 / best);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: parser_comparison FILE.json FILE.yaml\n");
        return 2;
    }
    const std::string json = slurp(argv[1]), yaml = slurp(argv[2]);
    measure("RapidJSON 1.1 SAX (iterative)", json, [&] {
        rapidjson::Reader reader;
        CountingHandler h;
        rapidjson::StringStream in(json.c_str());
        reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag>(in, h);
        return h.n;
    });
    measure("simdjson 3.0 On Demand", json, [&] {
        simdjson::ondemand::parser parser;
        simdjson::padded_string padded(json);  // simdjson needs its input padded: a copy
        auto doc = parser.iterate(padded);
        return visit(doc.get_value());
    });
    measure("libyaml 0.2.5 events", yaml, [&] {
        yaml_parser_t p;
        yaml_parser_initialize(&p);
        yaml_parser_set_input_string(&p, reinterpret_cast<const unsigned char*>(yaml.data()), yaml.size());
        size_t n = 0;
        for (yaml_event_t e;;) {
            if (!yaml_parser_parse(&p, &e)) break;
            const bool end = e.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&e);
            ++n;
            if (end) break;
        }
        yaml_parser_delete(&p);
        return n;
    });
    measure("yaml-cpp 0.7 events", yaml, [&] {
        std::istringstream in(yaml);
        YAML::Parser parser(in);
        CountingEvents h;
        while (parser.HandleNextDocument(h)) {
        }
        return h.n;
    });
    measure("libfyaml 0.7 events", yaml, [&] {
        fy_parse_cfg cfg{};
        cfg.flags = FYPCF_QUIET;
        fy_parser* p = fy_parser_create(&cfg);
        fy_parser_set_string(p, yaml.data(), yaml.size());
        size_t n = 0;
        while (fy_event* e = fy_parser_parse(p)) {
            ++n;
            fy_parser_event_free(p, e);
        }
        fy_parser_destroy(p);
        return n;
    });
    return 0;
}
