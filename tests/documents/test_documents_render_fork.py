"""#15: a long document's parts are rendered half in a forked child (documents.render). The
child renders with this process's WeasyPrint font configuration as it is: it neither makes
a folder of fonts of its own (its ``os._exit`` would leave it behind) nor renews the one it
inherited (dropping that copy would delete, from the child, the folder of fonts this process
still renders with)."""

from pathlib import Path

import pytest

from documents import render


def _html(number: int) -> str:
    return (f"<html><head><style>{render.font_face_css()} body {{ font-family: "
            f'"{render.FONT_FAMILY}"; }}</style></head><body><p>Trang {number}</p></body></html>')


@pytest.fixture
def font_folders(tmp_path, monkeypatch):
    """Temporary folders in a folder of the test's own (the other test process renders
    too), and no font configuration kept in this thread yet; the one kept before is put
    back afterwards."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.delattr(render._fonts, "kept", raising=False)
    return lambda: sorted(tmp_path.glob("weasyprint-*"))


def _kept_folder() -> Path:
    return Path(render._fonts.kept[0]._folder)


def test_a_first_render_in_parts_leaves_one_folder_of_fonts(font_folders):
    rendered = render._render_many([_html(n) for n in range(1, 5)])
    assert [pages for _pdf, pages in rendered] == [1, 1, 1, 1]
    assert font_folders() == [_kept_folder()]
    assert len(list(_kept_folder().iterdir())) == 4  # the four shipped faces


def test_the_child_does_not_renew_the_configuration_it_inherited(font_folders, monkeypatch):
    """The configuration falls due while the parts are rendered (a clock that jumps past
    ``FONT_CONFIG_SECONDS`` after the fork): both processes keep rendering with the one in
    force when the parts began, whose folder survives; no other folder is left."""
    render.html_to_pdf(_html(0))
    folder, since = _kept_folder(), render._fonts.kept[1]
    ticks = iter([since + 1.0])  # the check before the fork: still in force
    monkeypatch.setattr(render, "_clock",
                        lambda: next(ticks, since + 2 * render.FONT_CONFIG_SECONDS))
    rendered = render._render_many([_html(n) for n in range(1, 5)])
    assert [pages for _pdf, pages in rendered] == [1, 1, 1, 1]
    assert _kept_folder() == folder and folder.is_dir()
    assert len(list(folder.iterdir())) == 4
    assert font_folders() == [folder]
