"""Copy the widget sources (this folder) into the package: eagerbook/notebook/static/.

`widgets/` is the source of truth for the browser code; the package ships a copy so a wheel
(or a Binder image) has it. Run `python widgets/sync.py` after editing a file here;
tests/notebook/test_static_assets.py fails while the two differ.
"""

import pathlib
import shutil

HERE = pathlib.Path(__file__).resolve().parent
TARGET = HERE.parent / "eagerbook" / "notebook" / "static"
SUFFIXES = (".js", ".css")


def sources():
    return sorted(p for p in HERE.iterdir() if p.suffix in SUFFIXES)


def main():
    TARGET.mkdir(parents=True, exist_ok=True)
    wanted = {p.name for p in sources()}
    for old in TARGET.iterdir():
        if old.suffix in SUFFIXES and old.name not in wanted:
            old.unlink()
    for src in sources():
        shutil.copyfile(src, TARGET / src.name)
        print(f"copied {src.name}")


if __name__ == "__main__":
    main()
