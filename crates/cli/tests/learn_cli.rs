//! `tessera selfplay` and `tessera train` from the outside: data written with its rate,
//! a network trained from it with its loss curves and the JSON beside it, the same
//! network again for the same seed, and bad settings refused with the reason.

use std::process::{Command, Output};

fn tessera(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .expect("tessera runs")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn q_self_play_trains_a_network_again_and_again_the_same() {
    let dir = std::env::temp_dir().join(format!("tessera-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("q.csv");
    let data = data.to_str().unwrap();
    let said = ok(&tessera(&[
        "selfplay",
        "--game",
        "q",
        "--players",
        "lines",
        "--games",
        "30",
        "--seed",
        "1",
        "--threads",
        "1",
        "--out",
        data,
    ]));
    assert!(
        said.contains("30 games") && said.contains("positions/s"),
        "{said}"
    );
    let rows = std::fs::read_to_string(data).unwrap().lines().count();
    assert!(rows > 30, "{rows} rows");
    let net = |name: &str, scale: &str| {
        let out = dir.join(name);
        let said = ok(&tessera(&[
            "train",
            "--game",
            "q",
            "--data",
            data,
            "--out",
            out.to_str().unwrap(),
            "--epochs",
            "2",
            "--hidden",
            "8",
            "--margin",
            "0.5",
            "--margin-scale",
            scale,
        ]));
        assert!(said.contains("held-out loss"), "{said}");
        let meta: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.with_extension("json")).unwrap())
                .unwrap();
        assert_eq!(meta["margin_scale"].as_f64(), scale.parse().ok());
        assert!(meta["command"].as_str().unwrap().contains("--game q"));
        std::fs::read(&out).unwrap()
    };
    let a = net("a.safetensors", "20");
    assert_eq!(a, net("b.safetensors", "20"));
    assert_ne!(a, net("c.safetensors", "5"));
    // the network plays: the `learned` bot with it against `lines`
    let played = ok(&tessera(&[
        "tournament",
        "--game",
        "q",
        "--players",
        &format!(
            "learned:k=4,deals=2,model={},lines",
            dir.join("a.safetensors").display()
        ),
        "--games",
        "4",
        "--no-db",
        "--json",
    ]));
    assert!(played.contains("\"games\":4"), "{played}");
    for (args, why) in [
        (vec!["--margin-scale", "0"], "--margin-scale 0"),
        (vec!["--margin-scale", "NaN"], "--margin-scale NaN"),
        (vec!["--game", "chess"], "chess"),
    ] {
        let mut all = vec!["train", "--data", data, "--out", "/dev/null"];
        all.extend(args);
        let o = tessera(&all);
        assert!(!o.status.success());
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(why), "{e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
