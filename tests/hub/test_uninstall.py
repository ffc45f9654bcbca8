"""The hub's accounts with their names, and one documented command that leaves the machine as it was (issue 32).

As root, through the README's own commands: `./cours hub installer`, `./cours hub comptes` with a class list (names
in the gradebook, where Formgrader read « None, None »), then `./cours hub desinstaller --confirmer`: the accounts,
groups, folders and files of /etc are then exactly as before. Whatever fails, everything is removed at the end.
"""
from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]

if os.geteuid() != 0 or not shutil.which("useradd"):
    pytest.skip("ce test crée des comptes Unix (useradd) : il demande root, comme la CI (sudo ./cours test tests/hub)",
                allow_module_level=True)

spec = importlib.util.spec_from_file_location("cours_hub", ROOT / "hub" / "cours_hub.py")
cours_hub = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cours_hub)

TAG = f"{os.getpid() % 100000}"
COURSE = f"desinst{TAG}"
HUB_ROOT = Path(f"/srv/cours-desinst-{TAG}")
ANA, BEN, PROF, EXISTING = (f"d{TAG}-ana", f"d{TAG}-ben", f"d{TAG}-prof", f"d{TAG}-deja")
SYSTEM_FILES = ("/etc/passwd", "/etc/group", "/etc/shadow", "/etc/gshadow")


def hub(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COURS_HUB_RACINE=str(HUB_ROOT), COURS_HUB_COURS=COURSE)
    return subprocess.run([str(ROOT / "cours"), "hub", *args], env=env, capture_output=True, text=True, timeout=500)


def machine() -> dict:
    """What the uninstall must give back, of what this test and the course touch: the lines of the account and group
    files, the folders of /srv and /home (other tests may add their own accounts meanwhile: theirs are left out)."""
    ours = (f"d{TAG}-", COURSE)
    return {**{path: sorted(line for line in Path(path).read_text().splitlines() if any(k in line for k in ours))
               for path in SYSTEM_FILES},
            "/srv": sorted(n for n in os.listdir("/srv") if TAG in n), "/home": sorted(n for n in os.listdir("/home")
                                                                                      if TAG in n)}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", EXISTING], check=True)
    Path(pwd.getpwnam(EXISTING).pw_dir).chmod(0o755)                       # Debian's default home mode
    before = machine()
    layout = cours_hub.Layout(HUB_ROOT, ROOT, course_id=COURSE)
    try:
        done = hub("installer", "--garder-clone-ouvert")
        assert done.returncode == 0, done.stderr
        listing = tmp_path_factory.mktemp("classe") / "classe.csv"
        listing.write_text("\ufeffNom;Prénom;Identifiant;Courriel\nMartin;Ana;" + ANA + ";ana@ecole.fr\n"
                           "Durand-Lefèvre;Benoît;" + BEN + ";\n", encoding="utf-8")
        added = hub("comptes", "--liste", str(listing), "--formateurs", f"{PROF}:Paule Dubois",
                    "--apprenants", EXISTING)
        assert added.returncode == 0, added.stderr
        yield {"before": before, "layout": layout, "added": added}
    finally:
        cours_hub.uninstall(layout)
        for name in (ANA, BEN, PROF, EXISTING):
            cours_hub.remove_account(name)


def test_a_class_list_creates_each_account_with_its_name(installed):
    assert pwd.getpwnam(ANA).pw_gecos == "Ana Martin" and pwd.getpwnam(BEN).pw_gecos == "Benoît Durand-Lefèvre"
    assert pwd.getpwnam(PROF).pw_gecos == "Paule Dubois"
    assert "Benoît Durand-Lefèvre (" + BEN + ") : compte prêt (apprenant)" in installed["added"].stderr


def test_formgrader_reads_each_learners_name_from_the_gradebook(installed):
    """What Formgrader's « Manage Students » shows (last name, first name), where it showed « None, None »."""
    listing = cours_hub.as_grader(installed["layout"], "python", "-c", (
        "from nbgrader.api import Gradebook\n"
        "with Gradebook('sqlite:///gradebook.db') as gb:\n"
        "    for s in gb.students: print(s.id, '|', s.last_name, '|', s.first_name, '|', s.email)"))
    assert listing.returncode == 0, listing.stderr
    rows = set(listing.stdout.splitlines())
    assert f"{ANA} | Martin | Ana | ana@ecole.fr" in rows and f"{BEN} | Durand-Lefèvre | Benoît | None" in rows
    assert not any("None | None" in row for row in rows), rows
    assert any(row.startswith(f"{EXISTING} | {EXISTING} |") for row in rows), rows   # no name given: the login


def test_retirer_without_accounts_says_what_to_give_and_removes_nothing(installed):
    done = hub("retirer")
    assert done.returncode == 2 and "Rien à retirer" in done.stderr and "desinstaller" in done.stderr
    assert pwd.getpwnam(ANA)


def test_desinstaller_first_lists_what_it_would_remove_and_removes_nothing(installed):
    done = hub("desinstaller")
    assert done.returncode == 0, done.stderr
    assert f"compte {ANA}, créé par le cours" in done.stderr
    assert f"compte {EXISTING}, qui existait avant le cours" in done.stderr
    assert "Rien n'a été retiré" in done.stderr and "--confirmer" in done.stderr
    assert pwd.getpwnam(ANA) and HUB_ROOT.is_dir()


def test_desinstaller_leaves_no_account_group_nor_folder_and_the_machine_as_it_was(installed, tmp_path):
    saved = tmp_path / "archive.tar.gz"
    done = hub("desinstaller", "--confirmer", "--archive", str(saved))
    assert done.returncode == 0, done.stderr
    assert installed["before"] == machine()                 # /etc/passwd, group, shadow, gshadow; /srv; /home
    assert installed["before"]["/etc/passwd"] == [line for line in Path("/etc/passwd").read_text().splitlines()
                                                  if line.startswith(f"{EXISTING}:")]
    assert not HUB_ROOT.exists()
    for name in (ANA, BEN, PROF, f"grader-{COURSE}"):
        with pytest.raises(KeyError):
            pwd.getpwnam(name)
    assert Path(pwd.getpwnam(EXISTING).pw_dir).stat().st_mode & 0o777 == 0o755   # its home's mode given back
    import tarfile
    with tarfile.open(saved) as tar:
        names = tar.getnames()
    assert "cours/gradebook.db" in names and f"comptes/{ANA}" in names
    again = hub("desinstaller", "--confirmer")
    assert again.returncode == 0 and "Rien à désinstaller" in again.stderr
