"""A real X11 window with a known class, title and text, for tests under Xvfb.

Run as ``python window.py CLASS TITLE TEXT X Y``; prints ``ready`` once it is shown and has
the input focus.
"""

from __future__ import annotations

import sys
import tkinter as tk


def main() -> None:
    app_class, title, text, x, y = sys.argv[1:6]
    root = tk.Tk(className=app_class)
    root.title(title)
    root.geometry(f"400x200+{x}+{y}")
    tk.Label(root, text=text, font=("DejaVu Sans", 22), bg="white", fg="black",
             justify="left").pack(fill="both", expand=True)

    def ready() -> None:
        root.focus_force()
        root.update()
        print("ready", flush=True)

    root.after(300, ready)
    root.mainloop()


if __name__ == "__main__":
    main()
