"""Embeddings from OpenAI or any OpenAI-compatible server (Ollama, vLLM, LM Studio)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import openai
from tenacity import retry, retry_if_exception_type, stop_after_attempt, wait_exponential

from mirix_like.embedders.base import normalise
from mirix_like.errors import ModelError

KNOWN_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
_TRANSIENT = (openai.APITimeoutError, openai.APIConnectionError, openai.RateLimitError,
              openai.InternalServerError)


class OpenAIEmbedder:
    """Calls ``/embeddings`` in batches, retrying transient failures with backoff.

    ``dim`` defaults to the model's known size; for other models give it, or it is read
    from one probe call.
    """

    def __init__(
        self,
        model: str = "text-embedding-3-small",
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dim: int | None = None,
        batch_size: int = 256,
        timeout: float = 30.0,
        max_attempts: int = 4,
    ) -> None:
        self.model = model
        self.name = f"openai:{model}"
        self.batch_size = batch_size
        self._client = openai.OpenAI(
            base_url=base_url, api_key=api_key or "unused", timeout=timeout, max_retries=0
        )
        self._create = retry(
            retry=retry_if_exception_type(_TRANSIENT),
            stop=stop_after_attempt(max_attempts),
            wait=wait_exponential(multiplier=0.2, max=5),
            reraise=True,
        )(self._client.embeddings.create)
        self.dim = dim or KNOWN_DIMENSIONS.get(model) or len(self._call(["dimension probe"])[0])

    def _call(self, texts: list[str]) -> list[list[float]]:
        try:
            response = self._create(model=self.model, input=texts)
        except openai.OpenAIError as exc:
            raise ModelError(f"embedding call to {self.model} failed: {exc}") from exc
        return [d.embedding for d in sorted(response.data, key=lambda d: d.index)]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        rows: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            # The API rejects empty strings; a single space embeds as "nothing".
            batch = [t if t.strip() else " " for t in texts[start : start + self.batch_size]]
            rows.extend(self._call(batch))
        return normalise(np.array(rows, dtype=np.float32).reshape(len(texts), -1))
