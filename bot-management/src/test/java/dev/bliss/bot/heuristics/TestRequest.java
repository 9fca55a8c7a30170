package dev.bliss.bot.heuristics;

import dev.bliss.plugin.IpAddress;
import dev.bliss.plugin.ProtocolVersion;
import dev.bliss.plugin.RequestView;
import java.util.ArrayList;
import java.util.List;

/** A request built in a test: method, version and headers, as the proxy's view would show them. */
final class TestRequest implements RequestView {

    private final List<String> names = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private final IpAddress client = IpAddress.of("192.0.2.10");
    private String method = "GET";
    private String path = "/";
    private ProtocolVersion version = ProtocolVersion.HTTP_1_1;

    /** A browser navigation with the usual headers and this user agent. */
    static TestRequest browser(String userAgent) {
        return new TestRequest()
                .header("host", "example.com")
                .header("user-agent", userAgent)
                .header("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
                .header("accept-language", "en-US,en;q=0.9")
                .header("accept-encoding", "gzip, deflate, br");
    }

    TestRequest header(String name, String value) {
        names.add(name);
        values.add(value);
        return this;
    }

    TestRequest without(String name) {
        for (int i = names.size() - 1; i >= 0; i--) {
            if (names.get(i).equalsIgnoreCase(name)) {
                names.remove(i);
                values.remove(i);
            }
        }
        return this;
    }

    TestRequest method(String method) {
        this.method = method;
        return this;
    }

    TestRequest version(ProtocolVersion version) {
        this.version = version;
        return this;
    }

    String userAgent() {
        return (String) header("user-agent");
    }

    @Override
    public CharSequence method() {
        return method;
    }

    @Override
    public CharSequence uri() {
        return path;
    }

    @Override
    public CharSequence path() {
        return path;
    }

    @Override
    public CharSequence query() {
        return "";
    }

    @Override
    public CharSequence host() {
        return "example.com";
    }

    @Override
    public ProtocolVersion version() {
        return version;
    }

    @Override
    public boolean isTls() {
        return true;
    }

    @Override
    public int localPort() {
        return 443;
    }

    @Override
    public IpAddress clientAddress() {
        return client;
    }

    @Override
    public int headerCount() {
        return names.size();
    }

    @Override
    public CharSequence headerName(int i) {
        return names.get(i);
    }

    @Override
    public CharSequence headerValue(int i) {
        return values.get(i);
    }

    @Override
    public CharSequence header(CharSequence name) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).contentEquals(name) || names.get(i).equalsIgnoreCase(name.toString())) {
                return values.get(i);
            }
        }
        return null;
    }

    @Override
    public long receivedNanos() {
        return 0;
    }
}
