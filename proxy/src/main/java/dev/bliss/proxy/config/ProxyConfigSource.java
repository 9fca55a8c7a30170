package dev.bliss.proxy.config;

import dev.bliss.plugin.config.ConfigException;

/**
 * Where a reload reads the proxy's configuration again: the bliss.yaml the proxy started from,
 * read the way the command that started it reads it (the app also reads its own sections of the
 * same file). Called off the event loops; may block.
 */
@FunctionalInterface
public interface ProxyConfigSource {

    ProxyOptions read() throws ConfigException;
}
