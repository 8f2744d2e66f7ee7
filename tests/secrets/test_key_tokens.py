"""Key-like tokens in prose, code and config: detect-secrets' detectors and the layer on top."""

from __future__ import annotations

import pytest

from mirix_like.secrets import find_secrets

JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwi"
    "aWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
PEM = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACDk4Yl1mXbZ0Fz3jJ8q2QkZr7d1dVt3o2n7x3e8Yk0qOQAAAJgAAAAAAAAA\n"
    "-----END OPENSSH PRIVATE KEY-----"
)


@pytest.mark.parametrize(
    ("text", "kind", "value", "label"),
    [
        ("use AKIAIOSFODNN7EXAMPLE for the bucket", "api_key", "AKIAIOSFODNN7EXAMPLE",
         "AWS access key"),
        ("token: ghp_abcdefghijklmnopqrstuvwxyz0123456789", "api_key",
         "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "GitHub personal access token"),
        ("my gitlab one is glpat-xY7zQ2mN9pL4kR8tV3bW", "api_key", "glpat-xY7zQ2mN9pL4kR8tV3bW",
         "GitLab token"),
        ("bot xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "api_key",
         "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "Slack token"),
        ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc in prod", "api_key",
         "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "Stripe API key"),
        (f"the session cookie was {JWT} yesterday", "token", JWT, "JSON web token"),
        ("clone https://sam:s3cr3t-Pa55@git.example.com/repo.git", "password", "s3cr3t-Pa55",
         "password in a URL"),
        ("here's my key sk-proj-abcdefghijklmnopqrstuvwxyz123456 keep it safe", "api_key",
         "sk-proj-abcdefghijklmnopqrstuvwxyz123456", "OpenAI API key"),
        ("claude: sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "api_key",
         "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "Anthropic API key"),
        ("maps AIzaSyD3fGhJkLmNoPqRsTuVwXyZ0123456789a works", "api_key",
         "AIzaSyD3fGhJkLmNoPqRsTuVwXyZ0123456789a", "Google API key"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF is the CI token",
         "api_key", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
         "GitHub fine-grained personal access token"),
        ("DB_PASSWORD=s3cr3tValue", "password", "s3cr3tValue", "DB_PASSWORD"),
        ('export OPENWEATHER_API_KEY="c0ffee42deadbeef1234"', "api_key", "c0ffee42deadbeef1234",
         "OPENWEATHER_API_KEY"),
        ('{"client_secret": "Zq8-Lm3_Pw5vXy"}', "api_key", "Zq8-Lm3_Pw5vXy", "client_secret"),
        ("ok the thing to paste is 7fG2kLmQ9xR4tVb8Np3sWz6Yc1Hd and nothing else", "token",
         "7fG2kLmQ9xR4tVb8Np3sWz6Yc1Hd", "key-like token"),
    ],
)
def test_key_like_tokens(text: str, kind: str, value: str, label: str) -> None:
    [secret] = find_secrets(text)
    assert (secret.kind, secret.value, secret.label, secret.sensitivity) == (
        kind, value, label, "high",
    )


def test_a_private_key_is_the_whole_block() -> None:
    [secret] = find_secrets(f"my deploy key:\n{PEM}\nthanks")
    assert (secret.kind, secret.value, secret.label) == ("private_key", PEM, "private key")


def test_a_pasted_env_file() -> None:
    env = (
        "Here's the .env:\nOPENAI_API_KEY=sk-proj-4f9aXk2LmQ8rT1vB7nZ3yW6cE0dH5gJ\n"
        "DATABASE_URL=postgres://admin:Sup3rS3cret@db.example.com:5432/app\nDEBUG=true\n"
    )
    assert [(s.kind, s.value) for s in find_secrets(env)] == [
        ("api_key", "sk-proj-4f9aXk2LmQ8rT1vB7nZ3yW6cE0dH5gJ"),
        ("password", "Sup3rS3cret"),
    ]


def test_the_format_names_the_token_even_after_a_keyword() -> None:
    [secret] = find_secrets("My API key: sk-abcdefghijklmnopqrstuvwx1234")
    assert (secret.kind, secret.label) == ("api_key", "OpenAI API key")


@pytest.mark.parametrize(
    "text",
    [
        "internationalization and Supercalifragilisticexpialidocious",
        "see /home/sam/projects/mirix-like/docs/release_notes_2024_05.md",
        "https://github.com/microsoft/autogen/pull/12345#issuecomment-2218093312",
        "fixed in commit d071b32f8c0e5a1b2c3d4e5f60718293a4b5c6d7",
        "request id 123e4567-e89b-12d3-a456-426614174000",
        "call getUserAccountSettingsV2ById3 from the handler",
        "the file mirix_like_2024_release_notes_v2.txt",
        "ISBN 978-3-16-148410-0, published 2023-05-08T13:56:00+00:00",
        "password = getpass()",
        "reveal_secrets=True",
        "api_key: ${OPENAI_API_KEY}",
        "We visited the APEXLEGENDS arena",
    ],
)
def test_near_misses_are_not_tokens(text: str) -> None:
    assert find_secrets(text) == []
