"""Reading images: text recognition for backends without vision."""
