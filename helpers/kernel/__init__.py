"""The environment's kernels: how they start (warm, forked from a process that has already imported the heavy
packages) and how JupyterLab names them.

warm.py   the zygote and the jupyter_client provisioner (`cours-prechauffe`) that `./cours` puts in the `python3`
          kernelspec of .venv/. Imports nothing from the rest of helpers: the zygote must hold third-party code only.
forkserver.py  how a template process forks, bounds, reaps and signals its children: the one fork server of warm.py's
          zygote and of the grading zygote (grading/sandboxed/zygote.py), each with its own protocol around it.
          Standard library only: warm.py's zygote loads it by path.
label.py  « Aucun noyau » rather than « No Kernel »: the translator the pinned JupyterLab bundle forgets, passed on
          by `./cours` and Binder's postBuild. Standard library only.
"""
