"""nbgrader's exchange, locked down for a cohort on one shared server (a JupyterHub with one Unix account each).

nbgrader's own exchange (nbgrader.exchange.default) wants its root world-writable and leaves every submission
world-readable (files 0644) and even world-writable (folder 0777), hidden only by a name nobody can list
(jupyter/nbgrader#1225, #978). Here the operating system does the hiding:

- the root is not world-writable: `./cours hub installer` creates it (root-owned, 0755) and the course's folder
  in it for the grader account; no command of the exchange changes their modes any more (nbgrader's release
  made the root 0777 again at every release);
- `inbound/` (made by the grader's first release, as in nbgrader) is 2733: learners can add a submission, not list
  the folder; the setgid bit gives each submission the grader's group;
- a submission is 0750 (folders) and 0640 (files): its author and the grader's group read it, nobody else — not
  even with its name (nbgrader: 0777 and 0644);
- collect keeps only the submissions whose folder belongs to the account they name: inbound/ takes any name, and
  with nbgrader's exchange a learner can hand in as another one;
- feedback: as in nbgrader, a folder nobody can list (0711) and files named after a secret that only the submission
  and its author's cache hold; here each file is also closed by an ACL: the grader writes it, its student reads it, nobody else.

Select these classes with `c.ExchangeFactory.*`: the nbgrader_config.py that `./cours hub installer` writes for each
view of the hub (ROOT/config/*/) does it for every account.
"""
from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import struct
import tempfile
from stat import S_IMODE

from nbgrader.exchange.default import (ExchangeCollect, ExchangeFetchAssignment, ExchangeFetchFeedback, ExchangeList,
                                       ExchangeReleaseAssignment, ExchangeReleaseFeedback, ExchangeSubmit)
from nbgrader.exchange.default.exchange import Exchange
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.exchange.default.collect import groupby
from nbgrader.utils import check_mode, ignore_patterns, notebook_hash

SUBMISSION_FOLDER = 0o750
SUBMISSION_FILE = 0o640

__all__ = ["Exchange", "ExchangeCollect", "ExchangeFetchAssignment", "ExchangeFetchFeedback", "ExchangeList",
           "ExchangeReleaseAssignment", "ExchangeReleaseFeedback", "ExchangeSubmit", "SUBMISSION_FILE",
           "SUBMISSION_FOLDER"]


class _PreparedRoot:
    """The root exists and stays as the installer made it: only checked, never created nor made world-writable."""

    def ensure_root(self):
        if not os.path.isdir(self.root):
            self.fail(f"Le répertoire d'échange {self.root} n'existe pas : l'administrateur du hub le crée avec "
                      "« ./cours hub installer » (en root).")
        if not os.access(self.root, os.X_OK):
            self.fail(f"Le répertoire d'échange {self.root} vous est fermé : demandez à l'administrateur du hub "
                      "de relancer « ./cours hub installer ».")


class Exchange(_PreparedRoot, Exchange):
    pass


class ExchangeReleaseAssignment(_PreparedRoot, ExchangeReleaseAssignment):
    pass


class ExchangeFetchAssignment(_PreparedRoot, ExchangeFetchAssignment):
    pass


class ExchangeCollect(_PreparedRoot, ExchangeCollect):
    """Only what an account submitted counts for it: a folder named « ana+DEVOIR+… » that ana's account does not own
    is left out, with a warning. (inbound/ takes any name: with nbgrader's exchange, ben can hand in as ana, with a
    later time, and collect keeps that copy for ana.)"""

    def init_src(self):
        if self.coursedir.course_id == "":
            self.fail("No course id specified. Re-run with --course flag.")
        self.course_path = os.path.join(self.root, self.coursedir.course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        if not check_mode(self.inbound_path, read=True, execute=True):
            self.fail(f"You don't have read permissions for the directory: {self.inbound_path}")
        student = self.coursedir.student_id or "*"
        pattern = os.path.join(self.inbound_path, f"{student}+{self.coursedir.assignment_id}+*")
        records = [r for r in (self._path_to_record(f) for f in glob.glob(pattern)) if self._made_by_its_student(r)]
        by_student = groupby(records, lambda item: item["username"])
        with Gradebook(self.coursedir.db_url, self.coursedir.course_id) as gb:
            try:
                self.duedate = gb.find_assignment(self.coursedir.assignment_id).duedate
            except MissingEntry:
                self.duedate = None
        self.src_records = []
        for group in by_student.values():
            ordered = self._sort_by_timestamp(group)
            in_time = [r for r in ordered if self.duedate is not None and self.before_duedate
                       and r["timestamp"] <= self.duedate]
            self.src_records.append((in_time or ordered)[0])

    def _made_by_its_student(self, record: dict) -> bool:
        try:
            owner = os.lstat(os.path.join(self.inbound_path, record["filename"])).st_uid
        except OSError:
            return False
        try:
            expected = pwd.getpwnam(record["username"]).pw_uid
        except KeyError:
            return True                  # not an account of this server (nbgrader off a hub): nbgrader's rule
        if owner == expected:
            return True
        self.log.warning("Copie ignorée : %s n'a pas été déposée par le compte %s", record["filename"], record["username"])
        return False


class ExchangeReleaseFeedback(_PreparedRoot, ExchangeReleaseFeedback):
    """Each feedback page readable by the grader and by its student only (a POSIX ACL naming the student's account).

    nbgrader leaves it 0644 in a folder nobody can list: anyone given its name could read it. Where the file system
    has no ACLs (or the student id is not an account of this server), nbgrader's way stays, with a warning.
    """

    def copy_files(self):
        super().copy_files()
        exclude = set(filter(None, (self.coursedir.student_id_exclude or "").split(",")))
        for html_file in glob.glob(os.path.join(self.src_path, "*.html")):
            regexp = re.escape(os.path.sep).join([
                self.coursedir.format_path(self.coursedir.feedback_directory, "(?P<student_id>.*)",
                                           self.coursedir.assignment_id, escape=True),
                "(?P<notebook_id>.*).html"])
            found = re.match(regexp, html_file)
            if found is None or found["student_id"] in exclude:
                continue
            with open(os.path.join(os.path.dirname(html_file), "submission_secret.txt")) as fh:
                checksum = notebook_hash(secret=fh.read(), notebook_id=found["notebook_id"])
            released = os.path.join(self.dest_path, f"{checksum}.html")
            try:
                uid = pwd.getpwnam(found["student_id"]).pw_uid
                os.setxattr(released, "system.posix_acl_access", _acl(owner=6, user=(uid, 4)))
            except (KeyError, OSError) as error:
                self.log.warning("Retour de %s laissé lisible par qui connaît son nom (%s)", found["student_id"], error)


def _acl(owner: int, user: tuple[int, int]) -> bytes:
    """A POSIX access ACL (the kernel's xattr format): owner, one named user, nothing for group and others."""
    undefined = 0xFFFFFFFF
    entries = [(0x01, owner, undefined), (0x02, user[1], user[0]), (0x04, 0, undefined), (0x10, user[1], undefined),
               (0x20, 0, undefined)]
    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in entries)


class ExchangeFetchFeedback(_PreparedRoot, ExchangeFetchFeedback):
    pass


class ExchangeList(_PreparedRoot, ExchangeList):
    pass


class ExchangeSubmit(_PreparedRoot, ExchangeSubmit):
    """A submission readable by its author and the grader's group only, from its first byte to its collection."""

    def do_copy(self, src, dest, log=None):
        if not dest.startswith(os.path.join(self.root, "")):       # the learner's own cache: nbgrader's way
            return super().do_copy(src, dest, log)
        size, limit = self.get_size(src), 1000 * self.coursedir.max_dir_size
        if size > limit:
            raise RuntimeError(f"Directory size is too big. Size is {size}, maximum size is {limit}")
        ignore = ignore_patterns(exclude=self.coursedir.ignore, include=self.coursedir.include,
                                 max_file_size=self.coursedir.max_file_size, log=self.log)
        # Copied inside a folder only its author can open, then moved to its name: no moment where a file of it is
        # open to others. Folders are made, never chmod-ed: each keeps the setgid bit and the grader's group it gets
        # from inbound/ (a chmod by a non-member would drop the bit, and files made later would be the author's group).
        previous = os.umask(0o777 & ~SUBMISSION_FOLDER)
        try:
            staging = tempfile.mkdtemp(prefix=".depot-", dir=os.path.dirname(dest))
            try:
                inside = os.path.join(staging, "copie")
                _copy_tree(src, inside, ignore)
                os.rename(inside, dest)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
        finally:
            os.umask(previous)

    def set_perms(self, dest, fileperms, dirperms):
        # nbgrader asks 0644 files, 0755 folders, then makes the folder 0777 (see copy_files below).
        for folder, _, files in os.walk(dest):
            for name in files:
                os.chmod(os.path.join(folder, name), SUBMISSION_FILE)

    def copy_files(self):
        chmod = os.chmod
        inbound = os.path.join(self.root, "")

        def guarded(path, mode, *args, **kwargs):
            # nbgrader ends its submit with chmod(submission, 0777) « so the instructor can delete later »:
            # the folder keeps its mode (0750, setgid): the grader's group reads it, nobody else opens it.
            if isinstance(path, str) and path.startswith(inbound) and S_IMODE(mode) == 0o777:
                return None
            return chmod(path, mode, *args, **kwargs)

        os.chmod = guarded
        try:
            super().copy_files()
        finally:
            os.chmod = chmod


def _copy_tree(src: str, dest: str, ignore) -> None:
    """shutil.copytree without copying modes: new folders and files take the umask and the parent's group."""
    os.mkdir(dest, SUBMISSION_FOLDER)
    names = os.listdir(src)
    skipped = ignore(src, names) if ignore else set()
    for name in names:
        if name in skipped:
            continue
        source, target = os.path.join(src, name), os.path.join(dest, name)
        if os.path.islink(source):
            continue                                   # a link could point at another learner's files
        if os.path.isdir(source):
            _copy_tree(source, target, ignore)
        else:
            shutil.copyfile(source, target)
            os.chmod(target, SUBMISSION_FILE)
