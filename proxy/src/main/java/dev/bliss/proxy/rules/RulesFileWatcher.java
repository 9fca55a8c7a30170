package dev.bliss.proxy.rules;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * Reloads the rules when their file changes. Watches the file's directory (editors replace files
 * by renaming, which a watch on the file itself would miss) on a daemon thread, and coalesces a
 * burst of events into one reload.
 */
public final class RulesFileWatcher implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("dev.bliss.proxy.rules");

    private final WatchService watcher;
    private final Thread thread;

    public RulesFileWatcher(RuleSetHolder holder) throws IOException {
        Path file = holder.file().toAbsolutePath();
        Path dir = file.getParent();
        this.watcher = FileSystems.getDefault().newWatchService();
        dir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
        this.thread = Thread.ofPlatform().daemon().name("bliss-rules-watcher").start(() -> {
            try {
                while (true) {
                    WatchKey key = watcher.take();
                    boolean ours = false;
                    for (WatchEvent<?> event : key.pollEvents()) {
                        if (event.context() instanceof Path changed && changed.getFileName().equals(file.getFileName())) {
                            ours = true;
                        }
                    }
                    key.reset();
                    if (ours) {
                        // let the writer finish: further events within this pause fold into one reload
                        WatchKey more;
                        while ((more = watcher.poll(200, java.util.concurrent.TimeUnit.MILLISECONDS)) != null) {
                            more.pollEvents();
                            more.reset();
                        }
                        try {
                            holder.reload();
                        } catch (dev.bliss.firewall.RulesException e) {
                            // reported by the holder; the previous rules stay
                        }
                    }
                }
            } catch (InterruptedException | ClosedWatchServiceException e) {
                // closing
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "rules watcher stopped", e);
            }
        });
    }

    @Override
    public void close() throws IOException {
        watcher.close();
        thread.interrupt();
    }
}
