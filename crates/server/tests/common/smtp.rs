//! A mail server of a test's own (SMTP without TLS, on 127.0.0.1) that takes every email:
//! the host's tests (`turns.rs`) and the CLI's hostile-client suite (`hostile_turns.rs`,
//! which includes this file) read what the host sent.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The emails a test's mail server took: `(recipients, data)` of each.
pub type Mails = Arc<Mutex<Vec<(Vec<String>, String)>>>;

/// Starts the mail server: its address and what it took.
pub async fn smtp_sink() -> (SocketAddr, Mails) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let got: Mails = Arc::default();
    let kept = got.clone();
    tokio::spawn(async move {
        while let Ok((s, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let (r, mut w) = s.into_split();
                let mut lines = BufReader::new(r).lines();
                let _ = w.write_all(b"220 sink ESMTP\r\n").await;
                let mut to = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 sink\r\n",
                        "RCPT" => {
                            let addr = line.get(8..).unwrap_or("").trim();
                            to.push(addr.trim_matches(|c| c == '<' || c == '>').to_string());
                            b"250 OK\r\n"
                        }
                        "DATA" => {
                            let _ = w.write_all(b"354 go on\r\n").await;
                            let mut data = String::new();
                            while let Ok(Some(l)) = lines.next_line().await {
                                if l == "." {
                                    break;
                                }
                                data.push_str(&l);
                                data.push('\n');
                            }
                            kept.lock().unwrap().push((std::mem::take(&mut to), data));
                            b"250 taken\r\n"
                        }
                        "QUIT" => {
                            let _ = w.write_all(b"221 bye\r\n").await;
                            return;
                        }
                        _ => b"250 OK\r\n",
                    };
                    if w.write_all(answer).await.is_err() {
                        return;
                    }
                }
            });
        }
    });
    (addr, got)
}
