#include "apiserver/authorization/authorizer.h"

#include <cstdio>

#include "apiserver/errors.h"

namespace pilothouse::apiserver::authorization {

const char* decisionName(Decision decision) {
    switch (decision) {
        case Decision::Deny:
            return "Deny";
        case Decision::Allow:
            return "Allow";
        case Decision::NoOpinion:
            return "NoOpinion";
    }
    return "NoOpinion";
}

AuthorizationResult PrivilegedGroupAuthorizer::authorize(const Attributes& attributes) const {
    for (const auto& g : attributes.user.groups)
        for (const auto& privileged : groups_)
            if (g == privileged)
                return {Decision::Allow, ""};
    return {Decision::NoOpinion, ""};
}

AuthorizationResult UnionAuthorizer::authorize(const Attributes& attributes) const {
    std::string reasons;
    bool any = false;
    for (const auto& a : authorizers_) {
        AuthorizationResult r = a->authorize(attributes);
        if (r.decision != Decision::NoOpinion)
            return r;
        if (!r.reason.empty()) {
            if (any)
                reasons += "\n";
            reasons += r.reason;
            any = true;
        }
    }
    return {Decision::NoOpinion, reasons};
}

std::string goQuote(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\a':
                out += "\\a";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\v':
                out += "\\v";
                break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\x%02x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    out += "\"";
    return out;
}

namespace {

// Upstream keeps the forbidden text from looking like HTML.
std::string sanitize(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace

std::string forbiddenReason(const Attributes& a) {
    if (!a.resourceRequest)
        return sanitize("User " + goQuote(a.user.name) + " cannot " + a.verb + " path " + goQuote(a.path));
    std::string resource = a.resource;
    if (!a.subresource.empty())
        resource += "/" + a.subresource;
    std::string msg = "User " + goQuote(a.user.name) + " cannot " + a.verb + " resource " +
                      goQuote(resource) + " in API group " + goQuote(a.apiGroup);
    if (!a.namespace_.empty()) {
        msg += " in the namespace " + goQuote(a.namespace_);
    } else {
        msg += " at the cluster scope";
    }
    return sanitize(msg);
}

std::string forbiddenMessage(const Attributes& attributes, const std::string& authorizerReason) {
    std::string msg = forbiddenReason(attributes);
    if (!authorizerReason.empty())
        msg += ": " + authorizerReason;
    return msg;
}

Status forbiddenError(const Attributes& attributes, const std::string& authorizerReason) {
    std::string qualified = attributes.resource;
    if (!attributes.apiGroup.empty())
        qualified += "." + attributes.apiGroup;
    return newForbidden(qualified, attributes.name, forbiddenMessage(attributes, authorizerReason));
}

}  // namespace pilothouse::apiserver::authorization
