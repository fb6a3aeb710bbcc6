//! The client's address: the socket's peer, unless that peer is a configured trusted proxy, in which
//! case the nearest address in `X-Forwarded-For` that is not itself a trusted proxy. Without trusted
//! proxies the header is ignored, so a client cannot choose the address it is throttled and logged by.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;
use ipnet::IpNet;

use crate::state::AppState;

/// Put on every request before it is logged or handled.
#[derive(Debug, Clone)]
pub struct ClientAddr(pub String);

fn trusted(ip: &IpAddr, proxies: &[IpNet]) -> bool {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(*ip),
        v4 => *v4,
    };
    proxies.iter().any(|net| net.contains(&ip))
}

pub fn client_address(peer: Option<IpAddr>, headers: &HeaderMap, proxies: &[IpNet]) -> String {
    let Some(mut nearest) = peer else {
        return "unknown".to_string();
    };
    if !trusted(&nearest, proxies) {
        return nearest.to_string();
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|hop| !hop.is_empty())
        .collect();
    // Right to left: each hop was appended by the proxy nearer to us; the first one that is not a
    // trusted proxy is the client. A hop that is not an address ends the walk at the last one known.
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.parse::<IpAddr>() else {
            break;
        };
        nearest = ip;
        if !trusted(&ip, proxies) {
            break;
        }
    }
    nearest.to_string()
}

pub async fn resolve(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let address = client_address(peer, request.headers(), &state.config.operations.trusted_proxies);
    request.extensions_mut().insert(ClientAddr(address));
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", xff.parse().unwrap());
        h
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_proxies() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let trusted: Vec<IpNet> = vec!["10.0.0.0/24".parse().unwrap()];
        let spoofed = headers("1.1.1.1, 203.0.113.9");
        // No trusted proxies: the header is ignored.
        assert_eq!(client_address(Some(proxy), &spoofed, &[]), "10.0.0.2");
        // From a client, not a proxy: ignored too.
        let client: IpAddr = "198.51.100.7".parse().unwrap();
        assert_eq!(client_address(Some(client), &spoofed, &trusted), "198.51.100.7");
        // Through the proxy: the rightmost address the proxy appended, not what the client wrote.
        assert_eq!(client_address(Some(proxy), &spoofed, &trusted), "203.0.113.9");
        // Through two trusted proxies.
        assert_eq!(
            client_address(Some(proxy), &headers("203.0.113.9, 10.0.0.3"), &trusted),
            "203.0.113.9"
        );
        // Garbage stops the walk at the last known hop.
        assert_eq!(
            client_address(Some(proxy), &headers("x, 10.0.0.3"), &trusted),
            "10.0.0.3"
        );
        assert_eq!(
            client_address(Some(proxy), &HeaderMap::new(), &trusted),
            "10.0.0.2"
        );
        let mapped: IpAddr = "::ffff:10.0.0.2".parse().unwrap();
        assert_eq!(client_address(Some(mapped), &spoofed, &trusted), "203.0.113.9");
    }
}
