# The deployment's part of deploy/varnish/default.vcl, copied beside it as backends.vcl: the app hosts, the director
# that balances them, and who may purge. `npm run test:cluster` writes its own (tests/cluster/run.ts).
backend app1 {
    .host = "10.0.0.21";
    .port = "3000";
    .probe = health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    # Above the live channel's 25 s heartbeat.
    .between_bytes_timeout = 60s;
}

backend app2 {
    .host = "10.0.0.22";
    .port = "3000";
    .probe = health;
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 60s;
}

sub vcl_init {
    new hosts = directors.shard();
    hosts.add_backend(app1);
    hosts.add_backend(app2);
    hosts.reconfigure();
}

# The app hosts: each sends a BAN per release (PROXY_PURGE_URL).
acl purgers {
    "localhost";
    "10.0.0.0"/24;
}
