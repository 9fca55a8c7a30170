package dev.bliss.proxy.pipeline;

import dev.bliss.plugin.DetectorContext;
import dev.bliss.plugin.HeaderName;
import dev.bliss.plugin.DetectorFactory;
import dev.bliss.plugin.DetectorProvider;
import dev.bliss.plugin.PluginMetrics;
import dev.bliss.plugin.ScoreTally;
import dev.bliss.plugin.config.ConfigException;
import dev.bliss.plugin.config.ConfigSection;
import dev.bliss.plugin.field.FieldDeclarationException;
import dev.bliss.plugin.field.FieldRegistry;
import dev.bliss.plugin.field.FieldScheme;
import dev.bliss.plugin.field.FieldSchemeBuilder;
import dev.bliss.proxy.config.PluginOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The configured detectors, prepared and ordered: built once at startup (and on a reload), shared
 * by every event loop, each of which makes its own {@link DetectorChain}.
 *
 * <p>Building a pipeline calls every provider's {@code prepare}, checks that each plugin read its
 * whole configuration section, freezes the field scheme (a consumed field nobody produces fails
 * here) and sorts the detectors by their field dependencies. Any failure is a
 * {@link ConfigException} naming the plugin's place in the configuration; factories already
 * prepared are closed.
 */
public final class DetectorPipeline implements AutoCloseable {

    private final List<DetectorStage> stages;
    private final FieldScheme scheme;
    private final List<DetectorChain> chains = new CopyOnWriteArrayList<>();

    private DetectorPipeline(List<DetectorStage> stages, FieldScheme scheme) {
        this.stages = List.copyOf(stages);
        this.scheme = scheme;
    }

    /**
     * @param hostFields fields the proxy's own components declare (owner name → declaration), such
     *                   as the firewall's {@code firewall.action}; they may be consumed by detectors
     */
    public static DetectorPipeline build(List<PluginOptions> plugins, Map<String, DetectorProvider> providers,
                                         Path configDirectory, int eventLoops,
                                         Map<String, Consumer<FieldRegistry>> hostFields) throws ConfigException {
        return build(plugins, providers, configDirectory, eventLoops, hostFields, name -> PluginMetrics.NONE);
    }

    /**
     * @param metrics the metrics of each plugin, by plugin name
     */
    public static DetectorPipeline build(List<PluginOptions> plugins, Map<String, DetectorProvider> providers,
                                         Path configDirectory, int eventLoops,
                                         Map<String, Consumer<FieldRegistry>> hostFields,
                                         java.util.function.Function<String, PluginMetrics> metrics) throws ConfigException {
        return build(plugins, providers, configDirectory, eventLoops, hostFields, metrics, false);
    }

    /**
     * Prepares every plugin only to check the configuration and learn the field scheme
     * ({@link DetectorContext#checkOnly()}); close the pipeline without making detectors.
     */
    public static DetectorPipeline check(List<PluginOptions> plugins, Map<String, DetectorProvider> providers,
                                         Path configDirectory, Map<String, Consumer<FieldRegistry>> hostFields) throws ConfigException {
        return build(plugins, providers, configDirectory, 1, hostFields, name -> PluginMetrics.NONE, true);
    }

    private static DetectorPipeline build(List<PluginOptions> plugins, Map<String, DetectorProvider> providers,
                                          Path configDirectory, int eventLoops,
                                          Map<String, Consumer<FieldRegistry>> hostFields,
                                          java.util.function.Function<String, PluginMetrics> metrics,
                                          boolean checkOnly) throws ConfigException {
        FieldSchemeBuilder fields = new FieldSchemeBuilder();
        hostFields.forEach((owner, declare) -> declare.accept(fields.registryFor(owner)));

        Map<String, DetectorStage> prepared = new LinkedHashMap<>();
        List<DetectorOrder.Node> nodes = new ArrayList<>();
        try {
            for (PluginOptions p : plugins) {
                DetectorProvider provider = providers.get(p.type());
                if (provider == null) {
                    throw new ConfigException(p.position(), p.keyPath() + ".type",
                            "no detector plugin of type \"" + p.type() + "\" is installed (installed: "
                                    + String.join(", ", new TreeSet<>(providers.keySet())) + ')');
                }
                FieldRegistry registry = fields.registryFor(p.name());
                DetectorFactory factory;
                try {
                    factory = provider.prepare(new Context(p, registry, configDirectory, eventLoops, metrics.apply(p.name()), checkOnly));
                } catch (FieldDeclarationException e) {
                    throw new ConfigException(p.position(), p.keyPath(), e.getMessage());
                } catch (RuntimeException e) {
                    throw new ConfigException(p.position(), p.keyPath(), "failed to start: " + e);
                }
                prepared.put(p.name(), new DetectorStage(p.name(), factory, p.failClosed(), p.asyncBudget().toNanos()));
                p.config().requireNoUnknownKeys();
            }
            FieldScheme scheme;
            try {
                scheme = fields.build();
            } catch (FieldDeclarationException e) {
                throw new ConfigException(plugins.isEmpty() ? dev.bliss.plugin.config.Position.builtIn("plugins") : plugins.getFirst().position(),
                        "plugins", e.getMessage());
            }
            Map<String, java.util.Set<String>> consumers = fields.consumers();
            Map<String, java.util.Set<String>> produced = new HashMap<>();
            fields.producers().forEach((field, owner) -> produced.computeIfAbsent(owner, o -> new java.util.HashSet<>()).add(field));
            for (int i = 0; i < plugins.size(); i++) {
                PluginOptions p = plugins.get(i);
                nodes.add(new DetectorOrder.Node(p.name(), p.order(), i,
                        produced.getOrDefault(p.name(), java.util.Set.of()), consumers.getOrDefault(p.name(), java.util.Set.of())));
            }
            List<DetectorOrder.Node> order;
            try {
                order = DetectorOrder.sort(nodes, fields.producers());
            } catch (IllegalStateException e) {
                throw new ConfigException(plugins.getFirst().position(), "plugins", e.getMessage());
            }
            List<DetectorStage> stages = new ArrayList<>();
            for (DetectorOrder.Node n : order) {
                stages.add(prepared.get(n.name()));
            }
            return new DetectorPipeline(stages, scheme);
        } catch (ConfigException | RuntimeException e) {
            prepared.values().forEach(s -> closeQuietly(s.factory()));
            throw e;
        }
    }

    /** An empty pipeline over the host's fields only. */
    public static DetectorPipeline empty(Map<String, Consumer<FieldRegistry>> hostFields) {
        try {
            return build(List.of(), Map.of(), Path.of(""), 1, hostFields);
        } catch (ConfigException e) {
            throw new IllegalStateException(e);
        }
    }

    public FieldScheme scheme() {
        return scheme;
    }

    /** The detectors in run order. */
    public List<DetectorStage> stages() {
        return stages;
    }

    /** A chain for one event loop whose detectors report scores to no one; call on that loop's thread. */
    public DetectorChain newChain() {
        return newChain(ScoreTally.NONE);
    }

    /** A chain for one event loop, its detectors reporting their scores to {@code scores}; call on that loop's thread. */
    public DetectorChain newChain(ScoreTally scores) {
        DetectorChain chain = new DetectorChain(stages, scores);
        chains.add(chain);
        return chain;
    }

    /** The chains made so far, for metrics. */
    public List<DetectorChain> chains() {
        return chains;
    }

    @Override
    public void close() {
        for (DetectorStage s : stages) {
            closeQuietly(s.factory());
        }
    }

    private static void closeQuietly(DetectorFactory f) {
        try {
            f.close();
        } catch (Exception e) {
            System.getLogger("dev.bliss.proxy.pipeline").log(System.Logger.Level.WARNING, "closing a detector factory failed", e);
        }
    }

    private record Context(PluginOptions options, FieldRegistry fields, Path configDirectory, int eventLoops,
                           PluginMetrics metrics, boolean checkOnly) implements DetectorContext {

        @Override
        public String name() {
            return options.name();
        }

        @Override
        public ConfigSection config() {
            return options.config();
        }

        @Override
        public HeaderName headerName(String name) {
            return HostHeaderNames.resolve(name);
        }
    }
}
