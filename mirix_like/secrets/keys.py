"""Key-like tokens: detect-secrets' maintained detectors, run in-process on prose.

detect-secrets scans files line by line; here its plugins' compiled patterns run over the
whole text with ``finditer`` (so every match has a span, and nothing is ever verified over the
network), its keyword patterns catch code and config assignments (``DB_PASSWORD=...``,
``"api_key": "..."``) and its Shannon entropy measure picks random-looking tokens out of prose.
A few prefixes it does not know (current OpenAI and Anthropic keys, GitHub fine-grained
tokens, Google and Hugging Face keys) are added here.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

from detect_secrets.plugins.artifactory import ArtifactoryDetector
from detect_secrets.plugins.aws import AWSKeyDetector
from detect_secrets.plugins.azure_storage_key import AzureStorageKeyDetector
from detect_secrets.plugins.base import RegexBasedDetector
from detect_secrets.plugins.basic_auth import BasicAuthDetector
from detect_secrets.plugins.discord import DiscordBotTokenDetector
from detect_secrets.plugins.github_token import GitHubTokenDetector
from detect_secrets.plugins.gitlab_token import GitLabTokenDetector
from detect_secrets.plugins.high_entropy_strings import Base64HighEntropyString
from detect_secrets.plugins.jwt import JwtTokenDetector
from detect_secrets.plugins.keyword import (
    CONFIG_DENYLIST_REGEX_TO_GROUP,
    QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP,
)
from detect_secrets.plugins.mailchimp import MailchimpDetector
from detect_secrets.plugins.npm import NpmDetector
from detect_secrets.plugins.openai import OpenAIDetector
from detect_secrets.plugins.private_key import PrivateKeyDetector
from detect_secrets.plugins.pypi_token import PypiTokenDetector
from detect_secrets.plugins.sendgrid import SendGridDetector
from detect_secrets.plugins.slack import SlackDetector
from detect_secrets.plugins.square_oauth import SquareOAuthDetector
from detect_secrets.plugins.stripe import StripeDetector
from detect_secrets.plugins.telegram_token import TelegramBotTokenDetector
from detect_secrets.plugins.twilio import TwilioKeyDetector

from mirix_like.secrets.model import Hit, Kind

_DETECTORS: dict[type[RegexBasedDetector], str] = {
    AWSKeyDetector: "AWS access key",
    ArtifactoryDetector: "Artifactory token",
    AzureStorageKeyDetector: "Azure storage account key",
    BasicAuthDetector: "password in a URL",
    DiscordBotTokenDetector: "Discord bot token",
    GitHubTokenDetector: "GitHub token",
    GitLabTokenDetector: "GitLab token",
    JwtTokenDetector: "JSON web token",
    MailchimpDetector: "Mailchimp API key",
    NpmDetector: "npm token",
    OpenAIDetector: "OpenAI API key",
    PrivateKeyDetector: "private key",
    PypiTokenDetector: "PyPI token",
    SendGridDetector: "SendGrid API key",
    SlackDetector: "Slack token",
    SquareOAuthDetector: "Square OAuth secret",
    StripeDetector: "Stripe API key",
    TelegramBotTokenDetector: "Telegram bot token",
    TwilioKeyDetector: "Twilio API key",
}
# Literals without which a detector cannot match (npm's pattern is quadratic on long lines).
_DETECTOR_GATES: dict[type[RegexBasedDetector], tuple[str, ...]] = {
    NpmDetector: ("_authToken",),
    PrivateKeyDetector: ("PRIVATE KEY", "PuTTY"),
    JwtTokenDetector: ("eyJ",),
    SlackDetector: ("xox", "XOX", "hooks.slack"),
    AzureStorageKeyDetector: ("AccountKey=",),
    BasicAuthDetector: ("://",),
}
_GITHUB = {
    "ghp": "GitHub personal access token",
    "gho": "GitHub OAuth token",
    "ghu": "GitHub user-to-server token",
    "ghs": "GitHub server-to-server token",
    "ghr": "GitHub refresh token",
}
# Formats detect-secrets 1.5 does not know (its OpenAI pattern is the pre-2024 one) or
# writes more strictly (a Slack token without digits, a JWT that does not decode).
_PREFIXES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}"), "Anthropic API key"),
    (re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"), "OpenAI API key"),
    (re.compile(r"\bgithub_pat_[A-Za-z0-9_]{20,}"), "GitHub fine-grained personal access token"),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}"), "GitHub token"),
    (re.compile(r"\bAIza[0-9A-Za-z_-]{35,}"), "Google API key"),
    (re.compile(r"\bhf_[A-Za-z0-9]{30,}"), "Hugging Face token"),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"), "Slack token"),
    # Three base64url parts after '{"' encoded: a JSON web token even if it does not decode.
    (re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), "JSON web token"),
)
_PEM = re.compile(
    r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
    r"(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
)
_TOKEN_TAIL = re.compile(r"[A-Za-z0-9_\-+/=.]*")
_GATE = re.compile(r"[A-Za-z0-9_\-+/=.:]{16,}|PRIVATE KEY|PuTTY")
_ASSIGNMENT_GATE = re.compile(r"(?i)(?:key|pass|pwd|secret|contrase)\w*['\"\]]{0,2}\s*(?::|=|!=)")
_ASSIGNMENTS = {**CONFIG_DENYLIST_REGEX_TO_GROUP, **QUOTES_REQUIRED_DENYLIST_REGEX_TO_GROUP}
_PASSWORDISH = re.compile(r"(?i)pass|pwd|contrase")
# Not a literal secret: a call, a lookup, a placeholder or a flag (``password=getpass()``).
_NOT_LITERAL = re.compile(r"[()\[\]{}<>`$]|^\s|\s$")
_NOT_SECRETS = frozenset(("true", "false", "none", "null", "yes", "no", "changeme", "xxx"))
_IDENTIFIER = re.compile(r"[\w.-]+$")
_IDENTIFIER_REST = re.compile(r"[\w.-]+")
_SECRETISH = re.compile(r"[\d\W_]|[a-z][A-Z]|[A-Z]{2}")

# A random-looking token in prose: long, letters and digits mixed, high Shannon entropy.
_ENTROPY = Base64HighEntropyString(limit=4.0)
_CANDIDATE = re.compile(r"(?<![\w/.@:+=-])[A-Za-z0-9_\-+/=]{24,}(?![\w/@:+=-]|\.\w)")
_HEX_OR_DASH = frozenset(string.hexdigits + "-")
_SYLLABLES = re.compile(r"[A-Z]?[a-z]{3,}")


def _plausible(value: str) -> bool:
    """Whether a pattern's match looks like a credential and not a word ("APEXLEGENDS")."""
    return len(value) >= 8 and any(c.isdigit() for c in value)


def _random_looking(token: str) -> bool:
    if sum(c.isdigit() for c in token) < 2:
        return False
    if set(token) <= _HEX_OR_DASH:  # a hash or a UUID, unless something calls it a key
        return False
    if sum(len(w) for w in _SYLLABLES.findall(token)) * 2 >= len(token):
        return False  # mostly words: an identifier, a file name, a slug
    letters = [c for c in token if c.isalpha()]
    return len(letters) >= 8 and _ENTROPY.calculate_shannon_entropy(token) >= _ENTROPY.entropy_limit


def _detector_hits(text: str) -> Iterator[Hit]:
    for detector, label in _DETECTORS.items():
        gate = _DETECTOR_GATES.get(detector)
        if gate and not any(word in text for word in gate):
            continue
        for pattern in detector.denylist:
            for m in pattern.finditer(text):
                if detector is PrivateKeyDetector:
                    start = text.rfind("-----BEGIN", 0, m.end())
                    pem = _PEM.match(text, start) if start >= 0 else None
                    if pem:
                        yield Hit("private_key", pem.group(0), pem.start(), label)
                    continue
                groups = [i for i in range(1, (pattern.groups or 0) + 1) if m.group(i)]
                inner = groups[-1] if groups and len(m.group(groups[-1])) >= 8 else 0
                start = m.start(inner)
                end = _TOKEN_TAIL.match(text, m.end(inner)).end()
                value = text[start:end].strip(" \t\"'=:").rstrip(".")
                start = text.index(value, start)
                if detector is BasicAuthDetector:
                    if len(value) >= 4:
                        yield Hit("password", value, start, label)
                elif _plausible(value):
                    yield Hit("token" if detector is JwtTokenDetector else "api_key", value,
                              start, _GITHUB.get(value[:3], label))


def find_keys(text: str) -> Iterator[Hit]:
    """Tokens of a known format: detect-secrets' detectors, then the prefixes added here."""
    if not _GATE.search(text):
        return
    yield from _detector_hits(text)
    for pattern, label in _PREFIXES:
        for m in pattern.finditer(text):
            kind: Kind = "token" if label == "JSON web token" else "api_key"
            yield Hit(kind, m.group(0), m.start(), _GITHUB.get(m.group(0)[:3], label))


def find_assignments(text: str) -> Iterator[Hit]:
    """Values given to a secret-sounding name in code or config (detect-secrets' keywords)."""
    if not _ASSIGNMENT_GATE.search(text):
        return
    for pattern, group in _ASSIGNMENTS.items():
        for m in pattern.finditer(text):
            start, raw = m.start(group), m.group(group)
            quoted = text[start - 1 : start] in ("'", '"', "`")
            value = raw if quoted else raw.split()[0].rstrip(".,;)`")
            if "\n" in value or _NOT_LITERAL.search(value) or value.lower() in _NOT_SECRETS:
                continue
            if len(value) >= 4 and (quoted or _SECRETISH.search(value)):
                kind: Kind = "password" if _PASSWORDISH.search(m.group(1)) else "api_key"
                head = _IDENTIFIER.search(text, max(0, m.start(1) - 64), m.start(1))
                rest = _IDENTIFIER_REST.match(text, m.start(1))
                name = (head.group(0) if head else "") + (rest.group(0) if rest else "")
                yield Hit(kind, value, start, name)


def find_random_tokens(text: str) -> Iterator[Hit]:
    """Random-looking tokens in prose, by detect-secrets' Shannon entropy."""
    if not _GATE.search(text):
        return
    for m in _CANDIDATE.finditer(text):
        if _random_looking(m.group(0)):
            yield Hit("token", m.group(0), m.start(), "key-like token")
