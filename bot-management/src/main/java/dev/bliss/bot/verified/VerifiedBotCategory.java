package dev.bliss.bot.verified;

/**
 * What a verified bot does: the value of {@code bot.verified_category}. Modelled on Cloudflare's
 * verified-bot categories ({@code cf.verified_bot_category}), written in snake_case.
 */
public enum VerifiedBotCategory {
    SEARCH_ENGINE("search_engine"),
    AI_CRAWLER("ai_crawler"),
    AI_ASSISTANT("ai_assistant"),
    AI_SEARCH("ai_search"),
    MONITORING("monitoring"),
    PAGE_PREVIEW("page_preview"),
    FEED_FETCHER("feed_fetcher"),
    ARCHIVER("archiver"),
    SECURITY("security"),
    WEBHOOKS("webhooks"),
    ADVERTISING("advertising"),
    SEO("seo"),
    ACADEMIC("academic"),
    ACCESSIBILITY("accessibility"),
    AGGREGATOR("aggregator"),
    OTHER("other");

    private final String text;

    VerifiedBotCategory(String text) {
        this.text = text;
    }

    /** The name in verified-bots.yaml and in the field, e.g. {@code search_engine}. */
    public String text() {
        return text;
    }

    /** The category written as {@code text}, or {@code null}. */
    public static VerifiedBotCategory byText(String text) {
        for (VerifiedBotCategory c : values()) {
            if (c.text.equals(text)) {
                return c;
            }
        }
        return null;
    }
}
