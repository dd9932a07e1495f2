#include "api/labels.h"

#include <algorithm>
#include <cctype>

namespace pilothouse::api {

template <typename Map>
bool Requirement::matches(const Map& labels) const {
    auto it = labels.find(key);
    const bool has = it != labels.end();
    auto in = [&](const std::string& v) {
        return std::find(values.begin(), values.end(), v) != values.end();
    };
    switch (op) {
        case Op::Equals:
        case Op::In: return has && in(it->second);
        case Op::NotEquals:
        case Op::NotIn: return !has || !in(it->second);
        case Op::Exists: return has;
        case Op::DoesNotExist: return !has;
        case Op::GreaterThan:
        case Op::LessThan: {
            if (!has || values.size() != 1) return false;
            try {
                long long lv = std::stoll(it->second), rv = std::stoll(values[0]);
                return op == Op::GreaterThan ? lv > rv : lv < rv;
            } catch (...) {
                return false;
            }
        }
    }
    return false;
}

namespace {

Status parseError(std::string_view text, const std::string& why) {
    return Status(StatusCode::InvalidArgument,
                  "unable to parse requirement: " + why + " (selector \"" + std::string(text) + "\")");
}

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

// Splits on commas that are not inside parentheses.
std::vector<std::string> splitTop(std::string_view text) {
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (char c : text) {
        if (c == '(') ++depth;
        if (c == ')') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(trim(cur));
    return out;
}

}  // namespace

StatusOr<Selector> Selector::parse(std::string_view text) {
    Selector sel;
    if (trim(text).empty()) return sel;
    for (const std::string& part : splitTop(text)) {
        if (part.empty()) return parseError(text, "found '', expected: identifier");
        Requirement r;
        if (part[0] == '!') {
            r.key = trim(std::string_view(part).substr(1));
            r.op = Requirement::Op::DoesNotExist;
        } else if (auto pos = part.find(" notin "); pos != std::string::npos ||
                                                      part.find(" in ") != std::string::npos) {
            const bool notIn = pos != std::string::npos;
            if (!notIn) pos = part.find(" in ");
            r.key = trim(std::string_view(part).substr(0, pos));
            r.op = notIn ? Requirement::Op::NotIn : Requirement::Op::In;
            std::string rest = trim(std::string_view(part).substr(pos + (notIn ? 7 : 4)));
            if (rest.size() < 2 || rest.front() != '(' || rest.back() != ')')
                return parseError(text, "found '" + rest + "', expected: '('");
            for (const std::string& v : splitTop(std::string_view(rest).substr(1, rest.size() - 2)))
                if (!v.empty()) r.values.push_back(v);
        } else if (auto ne = part.find("!="); ne != std::string::npos) {
            r.key = trim(std::string_view(part).substr(0, ne));
            r.op = Requirement::Op::NotEquals;
            r.values.push_back(trim(std::string_view(part).substr(ne + 2)));
        } else if (auto eq = part.find("=="); eq != std::string::npos) {
            r.key = trim(std::string_view(part).substr(0, eq));
            r.values.push_back(trim(std::string_view(part).substr(eq + 2)));
        } else if (auto e1 = part.find('='); e1 != std::string::npos) {
            r.key = trim(std::string_view(part).substr(0, e1));
            r.values.push_back(trim(std::string_view(part).substr(e1 + 1)));
        } else if (auto gt = part.find('>'); gt != std::string::npos) {
            r.key = trim(std::string_view(part).substr(0, gt));
            r.op = Requirement::Op::GreaterThan;
            r.values.push_back(trim(std::string_view(part).substr(gt + 1)));
        } else if (auto lt = part.find('<'); lt != std::string::npos) {
            r.key = trim(std::string_view(part).substr(0, lt));
            r.op = Requirement::Op::LessThan;
            r.values.push_back(trim(std::string_view(part).substr(lt + 1)));
        } else {
            r.key = part;
            r.op = Requirement::Op::Exists;
        }
        if (r.key.empty()) return parseError(text, "found '', expected: identifier");
        sel.requirements_.push_back(std::move(r));
    }
    return sel;
}

StatusOr<Selector> Selector::fromLabelSelector(
    const k8s::io::apimachinery::pkg::apis::meta::v1::LabelSelector& ls) {
    Selector sel;
    std::vector<std::pair<std::string, std::string>> sorted(ls.match_labels().begin(),
                                                            ls.match_labels().end());
    std::sort(sorted.begin(), sorted.end());
    for (const auto& [k, v] : sorted) sel.requirements_.push_back({k, Requirement::Op::Equals, {v}});
    for (const auto& e : ls.match_expressions()) {
        Requirement r;
        r.key = e.key();
        r.values.assign(e.values().begin(), e.values().end());
        const std::string& op = e.operator_();
        if (op == "In") r.op = Requirement::Op::In;
        else if (op == "NotIn") r.op = Requirement::Op::NotIn;
        else if (op == "Exists") r.op = Requirement::Op::Exists;
        else if (op == "DoesNotExist") r.op = Requirement::Op::DoesNotExist;
        else
            return Status(StatusCode::InvalidArgument, "\"" + op + "\" is not a valid label selector operator");
        if ((r.op == Requirement::Op::In || r.op == Requirement::Op::NotIn) && r.values.empty())
            return Status(StatusCode::InvalidArgument,
                          "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty");
        sel.requirements_.push_back(std::move(r));
    }
    return sel;
}

Selector Selector::nothing() {
    Selector s;
    s.matchesNothing_ = true;
    return s;
}

bool Selector::matches(const std::map<std::string, std::string>& labels) const {
    if (matchesNothing_) return false;
    for (const auto& r : requirements_)
        if (!r.matches(labels)) return false;
    return true;
}

bool Selector::matches(const google::protobuf::Map<std::string, std::string>& labels) const {
    if (matchesNothing_) return false;
    for (const auto& r : requirements_)
        if (!r.matches(labels)) return false;
    return true;
}

std::string Selector::toString() const {
    std::string out;
    for (const auto& r : requirements_) {
        if (!out.empty()) out += ",";
        auto list = [&] {
            std::string s;
            for (size_t i = 0; i < r.values.size(); ++i) s += (i ? "," : "") + r.values[i];
            return s;
        };
        switch (r.op) {
            case Requirement::Op::Equals: out += r.key + "=" + list(); break;
            case Requirement::Op::NotEquals: out += r.key + "!=" + list(); break;
            case Requirement::Op::In: out += r.key + " in (" + list() + ")"; break;
            case Requirement::Op::NotIn: out += r.key + " notin (" + list() + ")"; break;
            case Requirement::Op::Exists: out += r.key; break;
            case Requirement::Op::DoesNotExist: out += "!" + r.key; break;
            case Requirement::Op::GreaterThan: out += r.key + ">" + list(); break;
            case Requirement::Op::LessThan: out += r.key + "<" + list(); break;
        }
    }
    return out;
}

template bool Requirement::matches(const std::map<std::string, std::string>&) const;
template bool Requirement::matches(const google::protobuf::Map<std::string, std::string>&) const;

}  // namespace pilothouse::api
