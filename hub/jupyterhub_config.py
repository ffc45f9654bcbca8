"""JupyterHub for a cohort of the course, on one server (see hub/cours_hub.py and the README's « Sur un JupyterHub »).

PAM logins (Unix accounts of the two course groups), each user's JupyterLab started under their own account by the
local-process spawner, in French, with warm kernels (the course's kernelspec); the learner view for learners, the
instructor view for the formgrade- group, and the grader account's JupyterLab (Formgrader) as a hub service that only
that group may open. Settings: COURS_HUB_RACINE (the installer's root), COURS_HUB_PORT_CORRECTEUR (the service's port).
"""
import grp
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cours_hub  # noqa: E402
import pages_fr  # noqa: E402

c = get_config()  # noqa: F821
layout = cours_hub.Layout(Path(os.environ.get("COURS_HUB_RACINE", str(cours_hub.DEFAULT_ROOT))),
                          course_id=os.environ.get("COURS_HUB_COURS", cours_hub.COURSE))
venv_bin = layout.venv / "bin"

c.JupyterHub.db_url = f"sqlite:///{layout.state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(layout.state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(layout.state / "jupyterhub.pid")
c.ConfigurableHTTPProxy.command = [str(layout.proxy_command)]
c.ConfigurableHTTPProxy.pid_file = str(layout.state / "jupyterhub-proxy.pid")
c.JupyterHub.cleanup_servers = True             # the hub's stop stops every user's server
# Its pages in French (login, errors such as 403, start of a server…), from the pinned templates (hub/pages_fr.py).
c.JupyterHub.template_paths = [str(pages_fr.write(layout.config / "pages"))]

# Who may log in: the members of the course's two Unix groups (PAM checks the password).
c.PAMAuthenticator.allowed_groups = {layout.learners, layout.instructors}
c.JupyterHub.load_groups = {layout.instructors: {"users": cours_hub.members(layout.instructors)}}

# Each user's JupyterLab, as that user, from the course's environment (its kernels are warm: helpers/kernel/warm.py).
c.Spawner.cmd = [str(venv_bin / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
c.Spawner.start_timeout = 90
c.Spawner.http_timeout = 60
c.Spawner.environment = {"PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin", "COURS_MODE": "hors-ligne"}


def choose_view(spawner):
    """The instructor view for the formgrade- Unix group, the learner view for everyone else."""
    name = spawner.user.name
    instructor = name in grp.getgrnam(layout.instructors).gr_mem
    spawner.environment["JUPYTER_CONFIG_PATH"] = str(layout.view("formateur" if instructor else "apprenant"))


c.Spawner.pre_spawn_hook = choose_view

# The grader's JupyterLab (Formgrader, the gradebook, the course folder), as a service only instructors can open.
grader_port = int(os.environ.get("COURS_HUB_PORT_CORRECTEUR", "9999"))
c.JupyterHub.services = [{
    "name": layout.course_id,
    "url": f"http://127.0.0.1:{grader_port}",
    "command": [str(venv_bin / "jupyterhub-singleuser")],
    "user": layout.grader,
    "cwd": str(layout.course),
    "environment": {"JUPYTER_CONFIG_PATH": str(layout.view("correcteur")), "JUPYTERHUB_DEFAULT_URL": "/lab",
                    "HOME": str(layout.course), "PATH": f"{venv_bin}:/usr/local/bin:/usr/bin:/bin",
                    "COURS_MODE": "hors-ligne"},
    "oauth_no_confirm": True,
}]
c.JupyterHub.load_roles = [
    {"name": layout.instructors, "groups": [layout.instructors],
     "scopes": [f"access:services!service={layout.course_id}", "list:services",
                f"read:services!service={layout.course_id}"]},
    # nbgrader's course list (instructors' JupyterLab) asks the hub which services its user may open.
    {"name": "server", "scopes": ["inherit"]},
]
