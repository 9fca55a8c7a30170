package dev.bliss.proxy.pipeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Orders detectors so that each runs after the producers of every field it consumes (Kahn's
 * topological sort). Among detectors the graph leaves free, lower {@code order} runs first, then
 * configuration order. A cycle fails with the detectors on it. Startup only.
 */
public final class DetectorOrder {

    /** A detector as the sort sees it. */
    public record Node(String name, int order, int position, Set<String> produces, Set<String> consumes) {
    }

    private DetectorOrder() {
    }

    /**
     * @param producers field name to the name of the detector (or host component) producing it
     * @return the detectors in run order
     * @throws IllegalStateException on a cycle, naming the detectors in it
     */
    public static List<Node> sort(List<Node> nodes, Map<String, String> producers) {
        Map<String, Node> byName = new java.util.HashMap<>();
        for (Node n : nodes) {
            byName.put(n.name(), n);
        }
        Map<String, Set<String>> dependsOn = new java.util.HashMap<>();
        Map<String, Set<String>> dependents = new java.util.HashMap<>();
        for (Node n : nodes) {
            dependsOn.put(n.name(), new LinkedHashSet<>());
            dependents.putIfAbsent(n.name(), new LinkedHashSet<>());
        }
        for (Node n : nodes) {
            for (String field : n.consumes()) {
                String producer = producers.get(field);
                if (producer != null && byName.containsKey(producer) && !producer.equals(n.name())) {
                    dependsOn.get(n.name()).add(producer);
                    dependents.computeIfAbsent(producer, k -> new LinkedHashSet<>()).add(n.name());
                }
            }
        }
        PriorityQueue<Node> ready = new PriorityQueue<>(
                Comparator.comparingInt(Node::order).thenComparingInt(Node::position));
        for (Node n : nodes) {
            if (dependsOn.get(n.name()).isEmpty()) {
                ready.add(n);
            }
        }
        List<Node> out = new ArrayList<>();
        while (!ready.isEmpty()) {
            Node n = ready.poll();
            out.add(n);
            for (String d : dependents.get(n.name())) {
                Set<String> deps = dependsOn.get(d);
                deps.remove(n.name());
                if (deps.isEmpty()) {
                    ready.add(byName.get(d));
                }
            }
        }
        if (out.size() != nodes.size()) {
            List<String> stuck = new ArrayList<>();
            for (Node n : nodes) {
                if (!dependsOn.get(n.name()).isEmpty()) {
                    stuck.add(n.name() + " (waits for " + String.join(", ", dependsOn.get(n.name())) + ')');
                }
            }
            throw new IllegalStateException("detectors depend on each other in a cycle: " + String.join("; ", stuck));
        }
        return out;
    }
}
