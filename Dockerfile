# catan-bot for sharded benchmarks on a cluster (scripts/cluster/): the bot, the scripts and a
# Java runtime for the JSettlers2 server. The JSettlers jar is NOT part of this repository or of
# the default image: mount it at /jsettlers/JSettlers.jar, or build with
#   --build-arg FETCH_JSETTLERS=1 [--build-arg JSETTLERS_VERSION=2.7.00]
# to download the official release jar with scripts/fetch-jsettlers.sh at build time.
#
#   docker build -t catan-bot .            (or podman build)
#   docker run --rm catan-bot catan-bot arena --games 20 --seed 1 --agents heuristic/random/random/random
#   docker run --rm -v /path/to/jar-dir:/jsettlers:ro -v $PWD/results:/results \
#       -e SHARD=1/4 -e MODE=bench -e RESULTS=/results/run catan-bot
#
# The base images are build arguments so that a site mirror (or a locally made image) can
# stand in for Docker Hub.
ARG RUST_IMAGE=rust:1.85-slim-bookworm
ARG BASE_IMAGE=debian:bookworm-slim

FROM ${RUST_IMAGE} AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY .cargo .cargo
COPY protocol protocol
COPY src src
RUN cargo build --release --locked --bin catan-bot \
    && install -D -m 0755 target/release/catan-bot /out/catan-bot

FROM ${BASE_IMAGE}
ARG JAVA_PACKAGE=openjdk-17-jre-headless
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        "$JAVA_PACKAGE" bash ca-certificates curl procps \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/catan-bot /usr/local/bin/catan-bot
COPY scripts /opt/catan-bot/scripts
ARG FETCH_JSETTLERS=0
ARG JSETTLERS_VERSION=2.7.00
RUN mkdir -p /jsettlers /results \
    && if [ "$FETCH_JSETTLERS" = 1 ]; then \
        JSETTLERS_VERSION="$JSETTLERS_VERSION" /opt/catan-bot/scripts/fetch-jsettlers.sh /jsettlers \
        && ln -s "$(ls /jsettlers/*.jar | head -n 1)" /jsettlers/JSettlers.jar; \
    fi
ENV JSETTLERS_JAR=/jsettlers/JSettlers.jar \
    BOT=/usr/local/bin/catan-bot \
    RESULTS=/results/run
WORKDIR /opt/catan-bot
# One shard: SHARD=K/N (or a Slurm array / Kubernetes Indexed Job index), MODE=arena|bench;
# see scripts/cluster/shard.sh --help.
CMD ["/opt/catan-bot/scripts/cluster/shard.sh"]
