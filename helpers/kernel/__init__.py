"""The environment's kernels: warm kernels, forked from a process that has already imported the heavy packages.

warm.py  the zygote and the jupyter_client provisioner (`cours-prechauffe`) that `./cours` puts in the `python3`
         kernelspec of .venv/. Imports nothing from the rest of helpers: the zygote must hold third-party code only.
"""
