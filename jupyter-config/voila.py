# Voila settings in Python (voila.json at the top of the repository holds the rest).
#
# Installed where Voila looks for it by installing cfwidget: the wheel carries it as data for
# {sys.prefix}/etc/jupyter/voila.py (pyproject.toml, shared-data), so `pip install cfwidget`,
# `make` (an editable install) and Binder's postBuild all put it there. (It cannot sit at the
# top of the repository: a file named voila.py there would be imported in place of Voila.)
#
# When a Voila page is closed, it asks the server to shut its kernel down, signing the request
# with the `_xsrf` cookie that Jupyter's pages carry. A page that Voila alone serves never got
# that cookie, so the request was refused (403 "'_xsrf' argument missing") and the kernel ran
# on until culling. This hook gives the page its cookie as the page is served; the server still
# checks every request.


def give_the_page_its_xsrf_cookie(req, notebook, cwd):
    """Voila's prelaunch hook: reading ``xsrf_token`` sets the ``_xsrf`` cookie on the reply."""
    req.xsrf_token  # noqa: B018 (read for its effect)
    return None  # the notebook is served as it is


c = get_config()  # noqa: F821
c.VoilaConfiguration.prelaunch_hook = give_the_page_its_xsrf_cookie
