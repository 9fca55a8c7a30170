package dev.bliss.proxy.pipeline;

import dev.bliss.plugin.DetectorProvider;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Finds {@link DetectorProvider}s with {@link ServiceLoader}: on the class path (bliss's own
 * detectors) and in the jars of the plugins directory (users' detectors), which are loaded by one
 * class loader whose parent is ours, so they share the plugin API classes. Startup only.
 */
public final class PluginLoader {

    private PluginLoader() {
    }

    /** Providers by type; the first of a duplicated type wins and the clash is an error. */
    public static Map<String, DetectorProvider> load(Path pluginsDirectory) {
        ClassLoader parent = PluginLoader.class.getClassLoader();
        ClassLoader loader = parent;
        if (pluginsDirectory != null && Files.isDirectory(pluginsDirectory)) {
            List<URL> jars = new ArrayList<>();
            try (Stream<Path> files = Files.list(pluginsDirectory)) {
                for (Path p : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                    jars.add(p.toUri().toURL());
                }
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            } catch (IOException e) {
                throw new IllegalStateException("cannot list plugins directory " + pluginsDirectory + ": " + e.getMessage(), e);
            }
            if (!jars.isEmpty()) {
                loader = new URLClassLoader("bliss-plugins", jars.toArray(URL[]::new), parent);
            }
        }
        Map<String, DetectorProvider> byType = new LinkedHashMap<>();
        try {
            for (DetectorProvider p : ServiceLoader.load(DetectorProvider.class, loader)) {
                DetectorProvider previous = byType.putIfAbsent(p.type(), p);
                if (previous != null && previous.getClass() != p.getClass()) {
                    throw new IllegalStateException("two detector providers have type \"" + p.type() + "\": "
                            + previous.getClass().getName() + " and " + p.getClass().getName());
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("cannot load a detector plugin: " + e.getMessage(), e);
        }
        return byType;
    }
}
