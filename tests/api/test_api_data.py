"""The read-only endpoints and the error envelope."""


def test_health(client):
    # outside gunicorn no worker prepares the kernel: the first simulation loads it
    assert client.get("/api/v1/health").json == {"status": "ok", "kernel": "on_demand"}


def test_unknown_terrain_is_a_json_404(client):
    r = client.get("/api/v1/battlelands/Ocean")
    assert r.status_code == 404
    assert r.json["error"]["code"] == "not_found"


def test_unknown_route_is_a_json_404(client):
    r = client.get("/api/v1/nothing-here")
    assert r.status_code == 404
    assert set(r.json["error"]) == {"code", "message", "details"}


def test_tower_deploy_hexes(client):
    body = client.get("/api/v1/battlelands/Tower").json
    assert body["defender_deploy_hexes"] == ["C3", "C4", "D3", "D4", "D5", "E3", "E4"]


def test_index_page(client):
    r = client.get("/")
    assert r.status_code == 200
    assert b"<html" in r.data


def test_tactics_lists_every_tactic_with_its_description_and_cost(client):
    from simulator.tactics import TACTICS

    body = client.get("/api/v1/tactics").json
    assert body["default"] == "default"
    assert [t["name"] for t in body["tactics"]] == list(TACTICS)
    by_name = {t["name"]: t for t in body["tactics"]}
    assert by_name["default"]["cost"] == 1.0
    assert by_name["lookahead"]["cost"] > 10  # the search tactic is far slower
    assert all(t["description"] == TACTICS[t["name"]] for t in body["tactics"])
