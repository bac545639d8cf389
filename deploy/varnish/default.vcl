# The caching proxy in front of the app hosts (Varnish 7, Debian's `varnish`): docs/operations.md, "Past one machine",
# and decision 218. It balances the hosts that pass their health probe, keeps what the app files under surrogate keys
# (anonymous pages, embeds, sharing cards) for as long as the app's Cache-Control says (s-maxage, then
# stale-while-revalidate as grace), and drops by key what each release made stale: every app host sends
# `BAN` with `X-Purge-Keys: dataset:<code> site` (server/http/proxy-purge.ts, PROXY_PURGE_URL).
#
# The deployment's own part, `backends.vcl` beside this file (deploy/varnish/backends.example.vcl), declares the app
# hosts (`probe health` below), the shard director `hosts` in vcl_init and the acl `purgers` (the app hosts' addresses).
vcl 4.1;

import directors;

# GET /api/health answers 200 while the host and its primary database answer (server/site/health.ts).
probe health {
    .url = "/api/health";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

include "backends.vcl";

sub vcl_recv {
    if (req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.X-Purge-Keys !~ "^[a-z0-9_:]+( [a-z0-9_:]+)*$") {
            return (synth(400, "X-Purge-Keys: keys of letters, digits, _ and :, separated by spaces"));
        }
        ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.X-Purge-Keys, " ", "|") + ")(\s|$)");
        return (synth(200, "Banned"));
    }
    # Each request's own key spreads requests over the hosts; a retry asks the next host for the same key
    # (vcl_backend_fetch), never the one that just failed.
    set req.http.X-Balance-Key = req.xid;
    # The live channel is a stream: handed through as it is.
    if (req.url ~ "^/api/live(\?|$)") {
        set req.backend_hint = hosts.backend(resolve=NOW, by=KEY, key=hosts.key(req.xid));
        return (pipe);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A key's requests are counted per key, a signed-in visitor's pages are theirs, and a browser that just wrote reads
    # the primary for a few seconds (statpub.recent_write): all answered by a host.
    if (req.http.Authorization || req.http.X-API-Key ||
        req.http.Cookie ~ "session_token=" || req.http.Cookie ~ "(^|;\s*)statpub\.recent_write=") {
        return (pass);
    }
    # Anyone else's answer depends on the colour-mode cookie alone (the app says Vary: Cookie): the rest is dropped.
    if (req.http.Cookie) {
        set req.http.Cookie = ";" + req.http.Cookie;
        set req.http.Cookie = regsuball(req.http.Cookie, "; +", ";");
        set req.http.Cookie = regsuball(req.http.Cookie, ";(theme=)", "; \1");
        set req.http.Cookie = regsuball(req.http.Cookie, ";[^ ][^;]*", "");
        set req.http.Cookie = regsuball(req.http.Cookie, "^[; ]+|[; ]+$", "");
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    return (hash);
}

sub vcl_pipe {
    set bereq.http.Connection = "close";
}

sub vcl_backend_fetch {
    set bereq.backend = hosts.backend(by=KEY, key=hosts.key(bereq.http.X-Balance-Key), alt=bereq.retries);
}

sub vcl_backend_response {
    # Which host made the answer (checks and operators read it).
    set beresp.http.X-Upstream = beresp.backend.name;
    # Kept: only what the app files under surrogate keys (a release drops it) and the hashed assets (never change).
    # Everything else is passed for two minutes (hit-for-miss), whatever its Cache-Control.
    if (!beresp.http.Surrogate-Key && bereq.url !~ "^/assets/") {
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Varnish's own rules follow: the TTL from s-maxage (else max-age), the grace from stale-while-revalidate.
}

sub vcl_backend_error {
    # A host that refused the connection or died before answering: a read is asked of the next host (the director
    # also skips the hosts its probe found sick).
    if (bereq.retries < 1 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.Surrogate-Key;
}
