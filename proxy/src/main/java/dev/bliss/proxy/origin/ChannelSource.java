package dev.bliss.proxy.origin;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;

/**
 * Where client channels come from: the channel type of the transport the proxy's Vert.x instance
 * runs on (io_uring, epoll or NIO), so origin connections use the transport the listeners use.
 */
public record ChannelSource(ChannelFactory<? extends Channel> factory) {
}
