"""Beyond one machine: the Zero to JupyterHub values and the grader's Deployment say what the one-server hub does."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "hub" / "k8s"
spec = importlib.util.spec_from_file_location("cours_hub", ROOT / "hub" / "cours_hub.py")
cours_hub = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cours_hub)
LAYOUT = cours_hub.Layout()


def values() -> dict:
    return yaml.safe_load((K8S / "valeurs-z2jh.yaml").read_text())


def test_values_parse_and_their_python_compiles():
    config = values()
    for name, code in config["hub"]["extraConfig"].items():
        compile(code, name, "exec")


def test_the_grader_service_and_the_instructors_role_match_the_one_server_hub():
    config = values()
    assert list(config["hub"]["services"]) == [LAYOUT.course_id]
    role = config["hub"]["loadRoles"][LAYOUT.instructors]
    assert role["groups"] == [LAYOUT.instructors]
    assert f"access:services!service={LAYOUT.course_id}" in role["scopes"]
    one_server = (ROOT / "hub" / "jupyterhub_config.py").read_text()
    assert "access:services!service=" in one_server and '"scopes": ["inherit"]' in one_server
    assert config["hub"]["loadRoles"]["server"]["scopes"] == ["inherit"]


def test_learners_mount_the_shared_exchange_where_the_hub_config_expects_it():
    single = values()["singleuser"]
    mounts = {m["name"]: m["mountPath"] for m in single["storage"]["extraVolumeMounts"]}
    claims = {v["name"]: v["persistentVolumeClaim"]["claimName"] for v in single["storage"]["extraVolumes"]}
    exchange = cours_hub.Layout(Path("/srv/cours-agents-claude")).exchange
    assert mounts["echange"] == str(exchange) and claims["echange"] == "cours-echange"
    assert single["defaultUrl"] == "/lab" and single["extraEnv"]["COURS_MODE"] == "hors-ligne"
    assert "learner_edition" in (K8S / "Dockerfile").read_text()


def test_the_grader_pod_mounts_the_volume_the_grading_shards_use():
    documents = list(yaml.safe_load_all((K8S / "correcteur.yaml").read_text()))
    assert [d["kind"] for d in documents] == ["Deployment", "Service"]
    pod = documents[0]["spec"]["template"]["spec"]
    claims = {v["persistentVolumeClaim"]["claimName"] for v in pod["volumes"]}
    readme = (ROOT / "README.md").read_text()
    job = yaml.safe_load(re.search(r"```yaml\n(apiVersion: batch/v1.*?)```", readme, re.S).group(1))
    shard_claims = {v["persistentVolumeClaim"]["claimName"] for v in job["spec"]["template"]["spec"]["volumes"]}
    assert shard_claims <= claims and "cours-echange" in claims
    env = {e["name"]: e.get("value") for e in pod["containers"][0]["env"]}
    assert env["JUPYTERHUB_SERVICE_PREFIX"] == f"/services/{LAYOUT.course_id}/"
